import { Badge, Button, Heading, Image, Link, Stack, Table } from '@chakra-ui/react';
import type { CarRecord } from '@second-gear/contracts';
import { Link as RouterLink } from 'react-router-dom';
import { getFavourites, unfavouriteCar } from '../../api/endpoints.ts';
import { useAuth } from '../../auth/auth-context.tsx';
import { droppedFrom } from '../../components/car-card.tsx';
import { formatMoney } from '../../components/car-facts.ts';
import { DataTable, wraps } from '../../components/data-table.tsx';
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
        columns={['#', 'Picture', 'Name', 'Price', 'Location', 'Status', 'Action']}
        loading={isPending}
        count={data?.items.length ?? 0}
        empty="No favourites yet: tap the heart on a car to keep it here and hear when its price drops."
      >
        {data?.items.map((car, index) => (
          <Table.Row key={car._id}>
            <Table.Cell>{offset + index + 1}</Table.Cell>
            <Table.Cell>
              <Image src={car.image} alt="" boxSize="12" objectFit="cover" borderRadius="md" />
            </Table.Cell>
            <Table.Cell {...wraps}>
              <Link asChild colorPalette="teal">
                <RouterLink to={`/car/${car._id}`}>{car.name}</RouterLink>
              </Link>
            </Table.Cell>
            <Table.Cell>
              {formatMoney(car.price)}
              {droppedFrom(car) !== undefined ? (
                <Badge colorPalette="green" ms="2">
                  Price dropped
                </Badge>
              ) : null}
            </Table.Cell>
            <Table.Cell {...wraps}>{car.location}</Table.Cell>
            <Table.Cell>
              <Availability car={car} />
            </Table.Cell>
            <Table.Cell>
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
            </Table.Cell>
          </Table.Row>
        ))}
      </DataTable>
      {data ? <Pager page={page} total={data.total} onChange={setPage} /> : null}
    </Stack>
  );
}
