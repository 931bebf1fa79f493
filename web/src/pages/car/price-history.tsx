// A car's price over time: a small step chart, and the same prices and dates as a list, which
// is what screen readers read (the chart itself is hidden from them).
import { Box, Heading, HStack, Text } from '@chakra-ui/react';
import type { PricePoint } from '@second-gear/features/contract';
import { useId } from 'react';
import { formatMoney } from '../../components/car-facts.ts';
import { formatDate } from '../../components/dates.ts';

const WIDTH = 280;
const HEIGHT = 72;
const PAD = 6;

/** Where each point sits: x by its time (by its rank when all share one time), y by price. */
function layout(points: PricePoint[]): { x: number; y: number }[] {
  const times = points.map((point) => Date.parse(point.at));
  const first = Math.min(...times);
  const span = Math.max(...times) - first;
  const prices = points.map((point) => point.price);
  const low = Math.min(...prices);
  const range = Math.max(...prices) - low;
  return points.map((point, index) => ({
    x:
      PAD +
      (WIDTH - 2 * PAD) *
        (span > 0 && Number.isFinite(span)
          ? (times[index]! - first) / span
          : index / (points.length - 1)),
    y: range > 0 ? PAD + (HEIGHT - 2 * PAD) * (1 - (point.price - low) / range) : HEIGHT / 2,
  }));
}

/** A price holds until the next change: across, then down or up. */
function stepPath(positions: { x: number; y: number }[]): string {
  return positions
    .map(({ x, y }, index) => {
      if (index === 0) return `M${x.toFixed(1)} ${y.toFixed(1)}`;
      return `H${x.toFixed(1)} V${y.toFixed(1)}`;
    })
    .join(' ');
}

/** The chart and its list; nothing with fewer than two prices. */
export function PriceHistory({ points }: { points: PricePoint[] }) {
  const headingId = useId();
  if (points.length < 2) return null;
  const positions = layout(points);
  return (
    <Box as="section" aria-labelledby={headingId} pt="2">
      <Heading id={headingId} as="h2" size="md" mb="2">
        Price history
      </Heading>
      <Box color="teal.fg" maxW={`${WIDTH}px`}>
        <svg
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          width="100%"
          role="presentation"
          aria-hidden="true"
          focusable="false"
        >
          <path
            d={stepPath(positions)}
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinejoin="round"
          />
          {positions.map(({ x, y }, index) => (
            <circle
              key={`${points[index]!.at}|${points[index]!.price}`}
              cx={x}
              cy={y}
              r="3"
              fill="currentColor"
            />
          ))}
        </svg>
      </Box>
      <HStack as="ol" gap="1" wrap="wrap" listStyleType="none" fontSize="sm" color="fg.muted">
        {points.map((point, index) => (
          <Text as="li" key={`${point.at}|${point.price}`}>
            {index > 0 ? (
              <Box as="span" aria-hidden="true" mr="1">
                →
              </Box>
            ) : null}
            {formatMoney(point.price)} on {formatDate(point.at)}
          </Text>
        ))}
      </HStack>
    </Box>
  );
}
