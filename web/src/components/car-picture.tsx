// A car's picture in a box of fixed proportions. A picture that fails to load neither collapses
// the box nor spills its alt text over what sits on it (the card's badges): a neutral
// placeholder with the same name takes its place.
import { Box, type BoxProps, Center, Image } from '@chakra-ui/react';
import { type ReactNode, useState } from 'react';
import { LuImageOff } from 'react-icons/lu';

export function CarPicture({
  src,
  alt,
  fit = 'cover',
  loading,
  children,
  ...box
}: {
  src: string;
  alt: string;
  fit?: 'cover' | 'contain';
  loading?: 'lazy' | 'eager';
  /** What is laid over the picture: badges, buttons. */
  children?: ReactNode;
} & Omit<BoxProps, 'children'>) {
  // The address that failed: a new picture in the same box gets its chance.
  const [failed, setFailed] = useState<string | null>(null);
  return (
    <Box position="relative" bg="bg.muted" aspectRatio={4 / 3} overflow="hidden" {...box}>
      {failed === src ? (
        <Center role="img" aria-label={alt} position="absolute" inset="0" color="fg.subtle">
          <LuImageOff size="40%" aria-hidden="true" style={{ maxWidth: 64, maxHeight: 64 }} />
        </Center>
      ) : (
        <Image
          src={src}
          alt={alt}
          position="absolute"
          inset="0"
          w="full"
          h="full"
          objectFit={fit}
          // The alt text stays unseen while the browser decides the picture is broken.
          color="transparent"
          overflow="hidden"
          {...(loading ? { loading } : {})}
          onError={() => setFailed(src)}
        />
      )}
      {children}
    </Box>
  );
}
