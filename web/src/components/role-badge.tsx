import { Badge } from '@chakra-ui/react';
import type { ReadRole } from '@second-gear/features/contract';

const palette: Record<ReadRole, string> = { Admin: 'red', Seller: 'purple', Buyer: 'green' };

/**
 * White on each palette's solid shade reads at least 4.5:1 (WCAG AA), except green's (3.3:1):
 * the Buyer badge takes the shade below it.
 */
const solidOf: Partial<Record<ReadRole, string>> = { Buyer: 'green.700' };

export function RoleBadge({ role }: { role: ReadRole | undefined }) {
  if (!role) return null;
  const solid = solidOf[role];
  return (
    <Badge
      colorPalette={palette[role] ?? 'gray'}
      variant="solid"
      {...(solid === undefined ? {} : { bg: solid })}
    >
      {role}
    </Badge>
  );
}
