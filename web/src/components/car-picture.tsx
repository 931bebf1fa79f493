// Every car picture on screen: cards, the car page and its gallery, the dashboard's thumbnails,
// the listing form and time travel. The picture fills a box of fixed proportions (4:3 unless
// told), so the page keeps its place while the picture loads, and a picture missing or failing
// to load gives way to a neutral placeholder in the same box: neither a collapsed strip nor alt
// text spilling over the badges laid on it. A picture uploaded here comes with all its widths
// (`srcset`), the browser choosing by the width the picture takes on screen (`sizes`).
import { Box, type BoxProps, Center, Image } from '@chakra-ui/react';
import { type ReactNode, useState } from 'react';
import { LuImageOff } from 'react-icons/lu';
import { srcSetOf } from './picture-srcset.ts';

export function CarPicture({
  src,
  alt,
  sizes,
  fit = 'cover',
  priority = false,
  children,
  ...box
}: {
  /** The picture's address; empty for none. */
  src: string | undefined;
  /** What it shows; empty for a picture that only repeats what its neighbours say. */
  alt: string;
  /**
   * How wide the picture is on screen, as the `sizes` of an `<img>`: media conditions and CSS
   * lengths, from the layout it sits in (`(min-width: 48em) 5rem, 4rem`). The browser fetches the
   * narrowest width that fills it. Used only with a `srcset`, for a picture uploaded here.
   */
  sizes: string;
  fit?: 'cover' | 'contain';
  /**
   * The picture a page is about (the car page's, the first row of cards): fetched first and at
   * once. The others wait until they near the screen (`loading="lazy"`).
   */
  priority?: boolean;
  /** What is laid over the picture: badges, buttons. */
  children?: ReactNode;
} & Omit<BoxProps, 'children'>) {
  // The address that failed: a new picture in the same box gets its chance.
  const [failed, setFailed] = useState<string | null>(null);
  const missing = !src || failed === src;
  const srcSet = src ? srcSetOf(src) : undefined;
  return (
    <Box position="relative" bg="bg.muted" aspectRatio={4 / 3} overflow="hidden" {...box}>
      {missing ? (
        <Center
          position="absolute"
          inset="0"
          color="fg.subtle"
          {...(alt ? { role: 'img', 'aria-label': alt } : { 'aria-hidden': true })}
        >
          <LuImageOff size="40%" aria-hidden="true" style={{ maxWidth: 64, maxHeight: 64 }} />
        </Center>
      ) : (
        <Image
          ref={(image: HTMLImageElement | null) => {
            // A picture of a page rendered by the server may fail before the page's script
            // listens: one found broken when it is taken over counts as failed.
            if (image?.complete && image.naturalWidth === 0) setFailed(src);
          }}
          {...(srcSet ? { srcSet, sizes } : {})}
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
          loading={priority ? 'eager' : 'lazy'}
          decoding="async"
          {...(priority ? { fetchPriority: 'high' } : {})}
          onError={() => setFailed(src)}
        />
      )}
      {children}
    </Box>
  );
}
