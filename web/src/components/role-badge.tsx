import { Badge } from '@chakra-ui/react';
import type { ReadRole } from '@second-gear/features/contract';

const palette: Record<ReadRole, string> = { Admin: 'red', Seller: 'purple', Buyer: 'green' };

export function RoleBadge({ role }: { role: ReadRole | undefined }) {
  if (!role) return null;
  return (
    <Badge colorPalette={palette[role] ?? 'gray'} variant="solid">
      {role}
    </Badge>
  );
}
