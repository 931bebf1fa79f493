import { Button, Heading, HStack, NativeSelect, Stack, Text } from '@chakra-ui/react';
import type { ReadRole, UserRecord } from '@second-gear/features/contract';
import { roles } from '@second-gear/features/rules';
import { useState } from 'react';
import { deleteUser, getUsers, promoteUser } from '../../api/endpoints.ts';
import { useAuth } from '../../auth/auth-context.tsx';
import { ConfirmDeleteDialog } from '../../components/confirm-dialog.tsx';
import { DataTable } from '../../components/data-table.tsx';
import { FormField } from '../../components/form-field.tsx';
import { usePageTitle } from '../../components/page-title.ts';
import { Pager } from '../../components/pager.tsx';
import { RoleBadge } from '../../components/role-badge.tsx';
import { Tooltip } from '../../components/tooltip.tsx';
import { useCommand } from '../../components/use-command.ts';
import { useConfirmedDelete } from '../../components/use-confirmed-delete.ts';
import { usePagedQuery } from '../../components/use-paged-query.ts';

/** Which role the list shows. */
function RoleFilter({
  role,
  onRole,
}: {
  role: ReadRole | '';
  onRole: (role: ReadRole | '') => void;
}) {
  return (
    <HStack gap="2" align="flex-end" wrap="wrap">
      {/* The Buyer and Seller buttons are shortcuts for the role filter beside them. */}
      {(['Buyer', 'Seller'] as const).map((r) => (
        <Tooltip key={r} label={role === r ? `Show every role again` : `Show only ${r}s`}>
          <Button
            size="sm"
            colorPalette="teal"
            variant={role === r ? 'solid' : 'outline'}
            aria-pressed={role === r}
            onClick={() => onRole(role === r ? '' : r)}
          >
            {r}
          </Button>
        </Tooltip>
      ))}
      <Stack maxW="xs" w="full">
        <FormField label="Filter by role">
          <NativeSelect.Root size="sm">
            <NativeSelect.Field
              value={role}
              onChange={(e) => onRole(e.currentTarget.value as ReadRole | '')}
            >
              <option value="">All roles</option>
              {roles.map((r) => (
                <option key={r} value={r}>
                  {r}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
      </Stack>
    </HStack>
  );
}

export default function AllUsersPage() {
  usePageTitle('All Users');
  const me = useAuth().user?.email;
  const [role, setRole] = useState<ReadRole | ''>('');
  const { data, isPending, page, setPage, offset } = usePagedQuery(['users', role], (page) =>
    getUsers(role, page),
  );
  const promote = useCommand<string>({
    run: promoteUser,
    success: 'Promoted to Admin!',
    invalidate: [['users'], ['user']],
  });
  const removal = useConfirmedDelete<UserRecord>({
    run: deleteUser,
    success: 'User Deleted Successfully!',
    invalidate: [['users'], ['cars']],
  });
  return (
    <Stack gap="6">
      <HStack justify="space-between" align="flex-end" wrap="wrap" gap="3">
        <Heading as="h1" size="3xl">
          All Users
        </Heading>
        <RoleFilter
          role={role}
          onRole={(next) => {
            setRole(next);
            setPage(1);
          }}
        />
      </HStack>
      <DataTable
        caption="Users"
        rows={data?.items}
        rowKey={(user) => user._id}
        loading={isPending}
        empty="No users match this filter."
        columns={[
          { header: '#', card: 'number', cell: (_, index) => offset + index + 1 },
          { header: 'Name', card: 'title', wraps: true, cell: (user) => user.name },
          { header: 'Email', wraps: true, cell: (user) => user.email },
          { header: 'Role', cell: (user) => <RoleBadge role={user.type} /> },
          {
            header: 'Actions',
            card: 'actions',
            cell: (user) => {
              const self = user.email === me;
              return (
                <HStack gap="2" wrap="wrap">
                  {user.type === 'Admin' ? null : (
                    <Tooltip label={`Make ${user.name} an Admin`}>
                      <Button
                        size="xs"
                        colorPalette="purple"
                        loading={promote.isPending && promote.variables === user._id}
                        onClick={() => promote.mutate(user._id)}
                      >
                        Make Admin
                      </Button>
                    </Tooltip>
                  )}
                  {self ? (
                    // Said in words beside the button: a disabled button takes no focus, so a
                    // tooltip on it would reach neither the keyboard nor a touch.
                    <>
                      <Button
                        size="xs"
                        colorPalette="red"
                        variant="outline"
                        disabled
                        aria-describedby={`self-${user._id}`}
                      >
                        Delete
                      </Button>
                      <Text id={`self-${user._id}`} fontSize="xs" color="fg.muted">
                        You cannot delete yourself
                      </Text>
                    </>
                  ) : (
                    <Tooltip label={`Delete ${user.name}`}>
                      <Button
                        size="xs"
                        colorPalette="red"
                        variant="outline"
                        onClick={() => removal.ask(user)}
                      >
                        Delete
                      </Button>
                    </Tooltip>
                  )}
                </HStack>
              );
            },
          },
        ]}
      />
      {data ? <Pager page={page} total={data.total} onChange={setPage} /> : null}
      <ConfirmDeleteDialog {...removal.dialog} />
    </Stack>
  );
}
