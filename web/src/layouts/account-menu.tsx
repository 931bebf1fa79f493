import { Avatar, Button, Menu, Portal, VisuallyHidden } from '@chakra-ui/react';
import { useNavigate } from 'react-router-dom';
import { useAuth } from '../auth/auth-context.tsx';
import { useLogOut } from '../auth/use-log-out.ts';
import { useUserRecord } from '../auth/use-user-record.ts';

// Loaded only once someone is signed in, so visitors do not download the menu machinery.
export default function AccountMenu() {
  const { user } = useAuth();
  const navigate = useNavigate();
  const logOut = useLogOut();
  // The profile's name and picture once read; the sign-in's until then.
  const { data: record } = useUserRecord();
  const name = record?.name || user?.displayName || user?.email || 'Account';
  const photoURL = record ? record.photoURL : user?.photoURL;
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        <Button variant="ghost" size="sm" px="1" borderRadius="full">
          {/* Named by words read out, not an aria-label: the initials on show are no words of a
              name, and a label would have to contain them. */}
          <VisuallyHidden>Account menu for {name}</VisuallyHidden>
          <Avatar.Root size="sm" aria-hidden="true">
            <Avatar.Fallback name={name} />
            {photoURL ? <Avatar.Image src={photoURL} alt="" /> : null}
          </Avatar.Root>
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            <Menu.Item value="profile" onSelect={() => navigate('/user/profile')}>
              Profile
            </Menu.Item>
            <Menu.Item value="logout" onSelect={logOut}>
              Logout
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
