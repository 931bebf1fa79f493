import { Heading, IconButton, Stack, Table } from '@chakra-ui/react';
import { LuExternalLink } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { getBuyerBookings } from '../../api/endpoints.ts';
import { useAuth } from '../../auth/auth-context.tsx';
import { DataTable } from '../../components/data-table.tsx';
import { usePageTitle } from '../../components/page-title.ts';
import { Pager } from '../../components/pager.tsx';
import { Tooltip } from '../../components/tooltip.tsx';
import { usePagedQuery } from '../../components/use-paged-query.ts';

export default function BuyerOrdersPage() {
  usePageTitle('My Bookings');
  const email = useAuth().user?.email ?? '';
  const { data, isPending, page, setPage, offset } = usePagedQuery(
    ['bookings', 'buyer', email],
    (page) => getBuyerBookings(email, page),
    { enabled: email !== '' },
  );
  return (
    <Stack gap="6">
      <Heading as="h1" size="3xl">
        My Bookings
      </Heading>
      <DataTable
        caption="Cars you booked"
        columns={[
          'Sl No.',
          'Seller Name',
          'Seller Email',
          'Car Model',
          'Meetup Location',
          'Details',
        ]}
        loading={isPending}
        count={data?.items.length ?? 0}
        empty="You have not booked any car yet."
      >
        {data?.items.map((booking, index) => (
          <Table.Row key={booking._id}>
            <Table.Cell>{offset + index + 1}</Table.Cell>
            <Table.Cell>{booking.seller}</Table.Cell>
            <Table.Cell>{booking.seller_email}</Table.Cell>
            <Table.Cell>{booking.product_name}</Table.Cell>
            <Table.Cell>{booking.meetup}</Table.Cell>
            <Table.Cell>
              <Tooltip label="See Car Details">
                <IconButton
                  asChild
                  size="sm"
                  variant="outline"
                  aria-label={`See Car Details of ${booking.product_name}`}
                >
                  <RouterLink to={`/car/${booking.product_id}`}>
                    <LuExternalLink />
                  </RouterLink>
                </IconButton>
              </Tooltip>
            </Table.Cell>
          </Table.Row>
        ))}
      </DataTable>
      {data ? <Pager page={page} total={data.total} onChange={setPage} /> : null}
    </Stack>
  );
}
