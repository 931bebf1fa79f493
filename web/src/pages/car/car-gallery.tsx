// A car's pictures on its page: the selected one large, the thumbnails below (a row that scrolls
// on phones), and a full-screen view. The arrow keys (while the gallery has focus), a swipe, the
// previous and next buttons and the thumbnails choose the picture; Escape leaves full screen.
import {
  Box,
  Button,
  CloseButton,
  Dialog,
  HStack,
  IconButton,
  Portal,
  Stack,
  Text,
} from '@chakra-ui/react';
import { type KeyboardEvent, type PointerEvent, type ReactNode, useRef, useState } from 'react';
import { LuChevronLeft, LuChevronRight, LuExpand } from 'react-icons/lu';
import { CarPicture } from '../../components/car-picture.tsx';

/**
 * How wide the large picture is: the car page's first column (`car-page.tsx`), half the page
 * from `md` (the layout's container, at most 80rem, less its padding, 1.5rem a side from `md`,
 * 2rem from `lg`, and the 2.5rem gap), the whole page's width less 1rem a side on phones.
 */
const stageSizes = [
  '(min-width: 80em) 37rem',
  '(min-width: 64em) calc((100vw - 6.5rem) / 2)',
  '(min-width: 48em) calc((100vw - 5.5rem) / 2)',
  'calc(100vw - 2rem)',
].join(', ');

/** Full screen, the picture is at most as wide as the screen. */
const fullScreenSizes = '100vw';

/** A thumbnail below the large picture: 4rem wide, 5rem from `md`. */
const thumbnailSizes = '(min-width: 48em) 5rem, 4rem';

/** How far a finger travels sideways, in pixels, before it is a swipe. */
const SWIPE = 40;

/** The picture the key asks for, or undefined for a key the gallery leaves alone. */
function keyTarget(key: string, index: number, count: number): number | undefined {
  if (key === 'ArrowRight') return (index + 1) % count;
  if (key === 'ArrowLeft') return (index - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return undefined;
}

/** Arrow keys and swipes over an element, both moving by one picture. */
function useNavigation(index: number, count: number, select: (index: number) => void) {
  const start = useRef<{ id: number; x: number; y: number } | null>(null);
  return {
    onKeyDown: (event: KeyboardEvent) => {
      const target = keyTarget(event.key, index, count);
      if (target === undefined) return;
      event.preventDefault();
      select(target);
    },
    swipe: {
      onPointerDown: (event: PointerEvent) => {
        if (event.pointerType === 'mouse') return;
        start.current = { id: event.pointerId, x: event.clientX, y: event.clientY };
      },
      onPointerUp: (event: PointerEvent) => {
        const from = start.current;
        start.current = null;
        if (!from || from.id !== event.pointerId) return;
        const dx = event.clientX - from.x;
        if (Math.abs(dx) < SWIPE || Math.abs(dx) < Math.abs(event.clientY - from.y)) return;
        select(dx < 0 ? (index + 1) % count : (index - 1 + count) % count);
      },
      onPointerCancel: () => {
        start.current = null;
      },
    },
  };
}

const altOf = (name: string, index: number, count: number) =>
  count > 1 ? `${name}, picture ${index + 1} of ${count}` : name;

/** The large picture with Previous and Next over its sides. */
function Stage({
  name,
  images,
  index,
  select,
  fit,
  children,
}: {
  name: string;
  images: readonly string[];
  index: number;
  select: (index: number) => void;
  fit: 'cover' | 'contain';
  children?: ReactNode;
}) {
  const count = images.length;
  const { swipe } = useNavigation(index, count, select);
  const side = { position: 'absolute', top: '50%', transform: 'translateY(-50%)' } as const;
  return (
    <CarPicture
      src={images[index]}
      alt={altOf(name, index, count)}
      sizes={fit === 'cover' ? stageSizes : fullScreenSizes}
      fit={fit}
      priority
      borderRadius={fit === 'cover' ? 'xl' : undefined}
      touchAction="pan-y"
      {...swipe}
      {...(fit === 'contain' ? { aspectRatio: 'auto', h: 'full', bg: 'transparent' } : {})}
    >
      <IconButton
        aria-label="Previous picture"
        variant="subtle"
        borderRadius="full"
        size="sm"
        left="2"
        {...side}
        onClick={() => select((index - 1 + count) % count)}
      >
        <LuChevronLeft />
      </IconButton>
      <IconButton
        aria-label="Next picture"
        variant="subtle"
        borderRadius="full"
        size="sm"
        right="2"
        {...side}
        onClick={() => select((index + 1) % count)}
      >
        <LuChevronRight />
      </IconButton>
      {children}
    </CarPicture>
  );
}

/** The row of thumbnails, the selected one marked (`aria-current`). */
function Thumbnails({
  images,
  index,
  select,
}: {
  images: readonly string[];
  index: number;
  select: (index: number) => void;
}) {
  return (
    <HStack as="ul" gap="2" overflowX="auto" listStyleType="none" py="1" px="0.5">
      {images.map((src, at) => (
        <Box as="li" key={src} flexShrink={0}>
          <Button
            aria-label={`Picture ${at + 1} of ${images.length}`}
            aria-current={at === index ? 'true' : undefined}
            onClick={() => select(at)}
            variant="plain"
            p="0"
            h="auto"
            minW="0"
            borderRadius="md"
            overflow="hidden"
            borderWidth="2px"
            borderColor={at === index ? 'teal.solid' : 'transparent'}
            opacity={at === index ? 1 : 0.75}
            _hover={{ opacity: 1 }}
          >
            <CarPicture src={src} alt="" sizes={thumbnailSizes} w={{ base: '16', md: '20' }} />
          </Button>
        </Box>
      ))}
    </HStack>
  );
}

/** A car's gallery; a car with one picture shows just that one. */
export function CarGallery({ name, images }: { name: string; images: readonly string[] }) {
  const [index, setIndex] = useState(0);
  const [full, setFull] = useState(false);
  const count = images.length;
  const { onKeyDown } = useNavigation(index, count, setIndex);
  if (count <= 1) {
    return <CarPicture src={images[0]} alt={name} sizes={stageSizes} borderRadius="xl" priority />;
  }
  const position = `Picture ${index + 1} of ${count}`;
  return (
    <Stack
      as="section"
      aria-label={`Pictures of ${name}`}
      aria-roledescription="gallery"
      gap="2"
      tabIndex={0}
      onKeyDown={onKeyDown}
      borderRadius="xl"
      _focusVisible={{ outline: '2px solid', outlineColor: 'teal.focusRing', outlineOffset: '2px' }}
      minW="0"
    >
      <Stage name={name} images={images} index={index} select={setIndex} fit="cover">
        <IconButton
          aria-label="View full screen"
          variant="subtle"
          borderRadius="full"
          size="sm"
          position="absolute"
          bottom="2"
          right="2"
          onClick={() => setFull(true)}
        >
          <LuExpand />
        </IconButton>
      </Stage>
      <Text srOnly aria-live="polite">
        {position}
      </Text>
      <Thumbnails images={images} index={index} select={setIndex} />
      <Dialog.Root
        open={full}
        onOpenChange={(e) => setFull(e.open)}
        size="full"
        lazyMount
        unmountOnExit
      >
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content
              bg="bg"
              onKeyDown={(event) => {
                // The dialog sits in a portal, yet its key presses bubble to the gallery too.
                event.stopPropagation();
                onKeyDown(event);
              }}
            >
              <Dialog.Header>
                <Dialog.Title>
                  {name}: {position}
                </Dialog.Title>
              </Dialog.Header>
              <Dialog.Body display="flex" flexDirection="column" gap="3" minH="0">
                <Box flex="1" minH="0">
                  <Stage
                    name={name}
                    images={images}
                    index={index}
                    select={setIndex}
                    fit="contain"
                  />
                </Box>
                <Thumbnails images={images} index={index} select={setIndex} />
              </Dialog.Body>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label="Close full screen" />
              </Dialog.CloseTrigger>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </Stack>
  );
}
