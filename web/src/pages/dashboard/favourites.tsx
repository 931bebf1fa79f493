import { Badge, Button, Heading, Link, Stack } from '@chakra-ui/react';
import type { CarRecord } from '@second-gear/features/contract';
import { Link as RouterLink } from 'react-router-dom';
import { getFavourites, unfavouriteCar } from '../../api/endpoints.ts';
import { useAuth } from '../../auth/auth-context.tsx';
import { droppedFrom } from '../../components/car-card.tsx';
import { formatMoney } from '../../components/car-facts.ts';
import { CarPicture } from '../../components/car-picture.tsx';
import { DataTable } from '../../components/data-table.tsx';
import { usePageTitle } from '../../components/page-title.ts';
import { Pager } from '../../components/pager.tsx';
import { useCommand } from '../../components/use-command.ts';
import { usePagedQuery } from '../../components/use-paged-query.ts';
import { favouriteQueries } from '../../favourites/use-favourites.ts';

/** Whether the car can still be had: sold, booked, or for sale. */
function Availability({ car }: { car: CarRecord }) {
  if (car.sold === 1) return <Badge colorPalette="gray">Sold</Badge>;
  if (car.booked === 1) return <Badge colorPalette="orange">Booked</Badge>;
  return <Badge colorPalette="green">For sale</Badge>;
}

export default function FavouritesPage() {
  usePageTitle('Favourites');
  const email = useAuth().user?.email ?? '';
  const { data, isPending, page, setPage, offset } = usePagedQuery(
    favouriteQueries.list(email),
    (page) => getFavourites(page),
    { enabled: email !== '' },
  );
  const remove = useCommand<string>({
    run: unfavouriteCar,
    success: 'Removed from favourites',
    invalidate: [favouriteQueries.all],
  });

  return (
    <Stack gap="6">
      <Heading as="h1" size="3xl">
        Favourites
      </Heading>
      <DataTable
        caption="Cars you keep as favourites, the latest first"
        rows={data?.items}
        rowKey={(car) => car._id}
        loading={isPending}
        empty="No favourites yet: tap the heart on a car to keep it here and hear when its price drops."
        columns={[
          { header: '#', card: 'number', cell: (_, index) => offset + index + 1 },
          {
            header: 'Picture',
            card: 'picture',
            cell: (car) => (
              <CarPicture
                src={car.image}
                alt=""
                sizes="3rem"
                boxSize="12"
                aspectRatio={1}
                borderRadius="md"
              />
            ),
          },
          {
            header: 'Name',
            card: 'title',
            wraps: true,
            cell: (car) => (
              <Link asChild colorPalette="teal">
                <RouterLink to={`/car/${car._id}`}>{car.name}</RouterLink>
              </Link>
            ),
          },
          {
            header: 'Price',
            cell: (car) => (
              <>
                {formatMoney(car.price)}
                {droppedFrom(car) !== undefined ? (
                  <Badge colorPalette="green" ms="2">
                    Price dropped
                  </Badge>
                ) : null}
              </>
            ),
          },
          { header: 'Location', wraps: true, cell: (car) => car.location },
          { header: 'Status', cell: (car) => <Availability car={car} /> },
          {
            header: 'Action',
            card: 'actions',
            cell: (car) => (
              <Button
                size="xs"
                variant="outline"
                colorPalette="red"
                aria-label={`Remove ${car.name} from favourites`}
                loading={remove.isPending && remove.variables === car._id}
                onClick={() => remove.mutate(car._id)}
              >
                Remove
              </Button>
            ),
          },
        ]}
      />
      {data ? <Pager page={page} total={data.total} onChange={setPage} /> : null}
    </Stack>
  );
}
