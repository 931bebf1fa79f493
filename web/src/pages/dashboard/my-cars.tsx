import { Badge, Box, Button, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import type { CarRecord } from '@second-gear/features/contract';
import { LISTING_DAYS } from '@second-gear/features/rules';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import {
  advertiseCar,
  deleteCar,
  getSellerCars,
  markCarSold,
  renewCar,
} from '../../api/endpoints.ts';
import { ApiError } from '../../api/http.ts';
import { useAuth } from '../../auth/auth-context.tsx';
import { useUserRecord } from '../../auth/use-user-record.ts';
import { formatMoney, formatYearsOfUse, listedAgo } from '../../components/car-facts.ts';
import { CarPicture } from '../../components/car-picture.tsx';
import { ConfirmDeleteDialog, ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { DataTable } from '../../components/data-table.tsx';
import { notifyInfo } from '../../components/notify.ts';
import { usePageTitle } from '../../components/page-title.ts';
import { Pager } from '../../components/pager.tsx';
import { Tooltip } from '../../components/tooltip.tsx';
import { useCommand } from '../../components/use-command.ts';
import { useConfirmedCommand } from '../../components/use-confirmed-command.ts';
import { useConfirmedDelete } from '../../components/use-confirmed-delete.ts';
import { usePagedQuery } from '../../components/use-paged-query.ts';
import { messageQueries } from '../../messages/message-queries.ts';
import { ModeratorReason, OffMarketBadge } from '../../moderation/off-market.tsx';
import { AddCarDialog } from './add-car-dialog.tsx';
import { ApplyForSellerButton } from './apply-for-seller.tsx';
import { renewable } from './car-term.ts';
import { EditCarDialog } from './edit-car-dialog.tsx';

const ALREADY = 'Already in Advertisement';

/**
 * The status column: "Sold", or the spec's "Booked" / "Yet to Booked", and why an unsold car is
 * off the market when it is.
 */
function CarStatus({ car }: { car: CarRecord }) {
  if (car.sold === 1) return <Badge colorPalette="gray">Sold</Badge>;
  return (
    <HStack gap="2" wrap="wrap">
      <Badge colorPalette={car.booked === 1 ? 'orange' : 'green'} whiteSpace="nowrap">
        {car.booked === 1 ? 'Booked' : 'Yet to Booked'}
      </Badge>
      {car.off_market ? <OffMarketBadge reason={car.off_market} /> : null}
    </HStack>
  );
}

/** When a car for sale leaves search, or that it has. */
const termWords = (car: CarRecord) => {
  if (car.sold === 1) return listedAgo(car.listed_at);
  if (car.off_market === 'expired') return `${listedAgo(car.listed_at)} · expired`;
  const until = new Date(car.expires_at).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
  });
  return `${listedAgo(car.listed_at)} · in search until ${until}`;
};

/**
 * The car's name, how long its term has run and when it ends, and what the moderator said when
 * they took it off the market.
 */
function CarName({ car }: { car: CarRecord }) {
  return (
    <>
      {car.name}
      <Text fontSize="xs" color="fg.muted">
        {termWords(car)}
      </Text>
      {car.off_market_reason ? <ModeratorReason reason={car.off_market_reason} /> : null}
    </>
  );
}

/** How many buyers wrote about the car, linking to the inbox (one read for all the rows). */
function ConversationCount({ car }: { car: CarRecord }) {
  const email = useAuth().user?.email ?? '';
  const counts = useQuery({ ...messageQueries.counts(email), enabled: email !== '' });
  const count = counts.data?.[car._id] ?? 0;
  return (
    <Link asChild colorPalette="teal" fontVariantNumeric="tabular-nums">
      <RouterLink
        to="/user/messages"
        aria-label={`${count} ${count === 1 ? 'conversation' : 'conversations'} about ${car.name}`}
      >
        {count}
      </RouterLink>
    </Link>
  );
}

/** What a Buyer who comes here by address is told, before filling a form. */
function SellersOnly() {
  return (
    <Box borderWidth="1px" borderRadius="xl" p="6">
      <Stack gap="3" align="flex-start">
        <Text>
          Only sellers list cars. Apply for Seller to add your cars here; as a Buyer you can still
          book the cars others list.
        </Text>
        <ApplyForSellerButton />
      </Stack>
    </Box>
  );
}

/** The Action column: advertise (or say it is), edit and mark sold while unsold; delete. */
function CarActions({
  car,
  advertising,
  onAdvertise,
  renewing,
  onRenew,
  onEdit,
  onSell,
  onDelete,
}: {
  car: CarRecord;
  advertising: boolean;
  onAdvertise: () => void;
  renewing: boolean;
  onRenew: () => void;
  onEdit: () => void;
  onSell: () => void;
  onDelete: () => void;
}) {
  const advertised = car.advertise === 1;
  const sold = car.sold === 1;
  return (
    <HStack gap="2" wrap="wrap" minW={{ md: '15rem' }}>
      {renewable(car) ? (
        <Button
          size="xs"
          colorPalette="teal"
          aria-label={`Renew ${car.name}`}
          loading={renewing}
          onClick={onRenew}
        >
          Renew
        </Button>
      ) : null}
      {sold ? null : advertised ? (
        <Tooltip label="Already Advertised">
          <Button size="xs" variant="subtle" onClick={() => notifyInfo(ALREADY)}>
            Advertised
          </Button>
        </Tooltip>
      ) : (
        <Tooltip label="Show this car in Recommended Cars">
          <Button size="xs" colorPalette="teal" loading={advertising} onClick={onAdvertise}>
            Advertise
          </Button>
        </Tooltip>
      )}
      {sold ? null : (
        <>
          <Button size="xs" variant="outline" aria-label={`Edit ${car.name}`} onClick={onEdit}>
            Edit
          </Button>
          <Button
            size="xs"
            variant="outline"
            aria-label={`Mark sold: ${car.name}`}
            onClick={onSell}
          >
            Mark sold
          </Button>
        </>
      )}
      <Button size="xs" colorPalette="red" variant="outline" onClick={onDelete}>
        Delete Item
      </Button>
    </HStack>
  );
}

/** Advertise a car (a second time is told, not an error), mark one sold, delete one. */
function useCarCommands() {
  const advertise = useCommand<string>({
    run: advertiseCar,
    success: 'Added to Advertisement Successfully!',
    invalidate: [['cars'], ['car']],
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) {
        notifyInfo(ALREADY);
        return true;
      }
      return false;
    },
  });

  const sale = useConfirmedCommand<CarRecord, unknown>({
    run: markCarSold,
    success: 'Marked as sold',
    invalidate: [['cars'], ['car'], ['bookings']],
  });

  const removal = useConfirmedDelete<CarRecord>({
    run: deleteCar,
    success: 'Item Deleted Successfully!',
    invalidate: [['cars'], ['car']],
  });
  const renewal = useCommand<string>({
    run: renewCar,
    success: `Renewed: in search for another ${LISTING_DAYS} days`,
    invalidate: [['cars'], ['car']],
  });
  return { advertise, renewal, sale, removal };
}

export default function MyCarsPage() {
  usePageTitle('My Products');
  const email = useAuth().user?.email ?? '';
  const role = useUserRecord().data?.type;
  // Only sellers list cars: a Buyer who comes here by address is told so before filling a form.
  const buyer = role === 'Buyer';
  const [adding, setAdding] = useState(false);
  // The car being edited stays while its dialog closes, so the closing dialog keeps its content.
  const [editing, setEditing] = useState<{ car: CarRecord | null; open: boolean }>({
    car: null,
    open: false,
  });
  const { data, isPending, page, setPage, offset } = usePagedQuery(
    ['cars', 'seller', email],
    (page) => getSellerCars(email, page),
    { enabled: email !== '' },
  );

  const { advertise, renewal, sale, removal } = useCarCommands();

  return (
    <Stack gap="6">
      <HStack justify="space-between" wrap="wrap" gap="3">
        <Heading as="h1" size="3xl">
          My Products
        </Heading>
        {role === undefined || buyer ? null : (
          <Button colorPalette="teal" onClick={() => setAdding(true)}>
            Add Product
          </Button>
        )}
      </HStack>
      {buyer ? <SellersOnly /> : null}
      <DataTable
        caption="Your cars"
        rows={data?.items}
        rowKey={(car) => car._id}
        loading={isPending}
        empty="You have not added any car yet."
        columns={[
          { header: '#', card: 'number', cell: (_, index) => offset + index + 1 },
          {
            header: 'Picture',
            card: 'picture',
            cell: (car) => (
              <CarPicture
                src={car.image}
                alt={car.name}
                sizes="3rem"
                boxSize="12"
                aspectRatio={1}
                borderRadius="md"
              />
            ),
          },
          { header: 'Name', card: 'title', wraps: true, cell: (car) => <CarName car={car} /> },
          { header: 'Price', cell: (car) => formatMoney(car.price) },
          { header: 'Years of Use', cell: (car) => formatYearsOfUse(car.use) },
          { header: 'Status', cell: (car) => <CarStatus car={car} /> },
          {
            header: 'Conversations',
            cell: (car) => <ConversationCount car={car} />,
          },
          {
            header: 'Action',
            card: 'actions',
            cell: (car) => (
              <CarActions
                car={car}
                advertising={advertise.isPending && advertise.variables === car._id}
                onAdvertise={() => advertise.mutate(car._id)}
                renewing={renewal.isPending && renewal.variables === car._id}
                onRenew={() => renewal.mutate(car._id)}
                onEdit={() => setEditing({ car, open: true })}
                onSell={() => sale.ask(car)}
                onDelete={() => removal.ask(car)}
              />
            ),
          },
        ]}
      />
      {data ? <Pager page={page} total={data.total} onChange={setPage} /> : null}
      {role === undefined || buyer ? null : (
        <AddCarDialog open={adding} onClose={() => setAdding(false)} />
      )}
      <EditCarDialog
        {...editing}
        onClose={() => setEditing((current) => ({ ...current, open: false }))}
        onExitComplete={() => setEditing({ car: null, open: false })}
      />
      <ConfirmDialog
        {...sale.dialog}
        title="Mark this car as sold?"
        description={`${sale.selected?.name ?? 'The car'} leaves the search and Recommended Cars, and its open booking ends. This cannot be undone.`}
        cancelLabel="Not yet"
        confirmLabel="Mark sold"
        colorPalette="teal"
      />
      <ConfirmDeleteDialog {...removal.dialog} />
    </Stack>
  );
}
