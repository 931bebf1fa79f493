import { Avatar, Button, Menu, Portal } from '@chakra-ui/react';
import { useNavigate } from 'react-router-dom';
import { useAuth } from '../auth/auth-context.tsx';
import { notifyError } from '../components/notify.ts';

// Loaded only once someone is signed in, so visitors do not download the menu machinery.
export default function AccountMenu() {
  const { user, signOut } = useAuth();
  const navigate = useNavigate();
  const name = user?.displayName || user?.email || 'Account';
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        <Button
          variant="ghost"
          size="sm"
          px="1"
          borderRadius="full"
          aria-label={`Account menu for ${name}`}
        >
          <Avatar.Root size="sm">
            <Avatar.Fallback name={name} />
            {user?.photoURL ? <Avatar.Image src={user.photoURL} alt="" /> : null}
          </Avatar.Root>
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            <Menu.Item value="profile" onSelect={() => navigate('/user')}>
              Profile
            </Menu.Item>
            <Menu.Item
              value="logout"
              onSelect={() => {
                signOut()
                  .then(() => navigate('/'))
                  .catch((error: unknown) => notifyError(error));
              }}
            >
              Logout
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
