import { Badge } from '@chakra-ui/react';
import type { Role } from '../api/types.ts';

const palette: Record<Role, string> = { Admin: 'red', Seller: 'purple', Buyer: 'green' };

export function RoleBadge({ role }: { role: Role | undefined }) {
  if (!role) return null;
  return (
    <Badge colorPalette={palette[role] ?? 'gray'} variant="solid">
      {role}
    </Badge>
  );
}
