// A listing's pictures in Add Product and Edit: chosen files and pictures already uploaded, in
// order, the first the cover. The seller adds several at once, moves one earlier or later and
// removes one; files are uploaded one by one when the form is sent (`usePictureUploads`).
import {
  Badge,
  Box,
  Field,
  HStack,
  IconButton,
  Input,
  SimpleGrid,
  Spinner,
  Text,
  VisuallyHidden,
} from '@chakra-ui/react';
import { carImages, requiredMessage } from '@second-gear/features/contract';
import { useEffect, useRef, useState } from 'react';
import { type UseFormReturn, useController, useFormContext } from 'react-hook-form';
import { LuArrowLeft, LuArrowRight, LuImagePlus, LuX } from 'react-icons/lu';
import { z } from 'zod';
import { uploadImage } from '../../api/endpoints.ts';
import { CarPicture } from '../../components/car-picture.tsx';

/** A picture of the list: an address already uploaded, or a file chosen (shown from memory). */
export interface Picture {
  key: string;
  /** What the thumbnail shows: the picture's address, or an object URL of the file. */
  src: string;
  file: File | null;
}

/** The most pictures a car may have, as the contract's `carImages` bounds them. */
export const MAX_PICTURES: number =
  carImages.def.checks?.flatMap((check) => {
    const def = check._zod.def as { check: string; maximum?: number };
    return def.check === 'max_length' && def.maximum !== undefined ? [def.maximum] : [];
  })[0] ?? 10;

/** The contract's words for a list of that many pictures, when it refuses it. */
const countProblem = (count: number) =>
  carImages.safeParse(Array.from({ length: count }, (_, at) => `/picture-${at}`)).error?.issues[0]
    ?.message;

/** The field's rule: at least one picture (blank is "This field is required"), at most the max. */
export const picturesSchema = z
  .array(z.custom<Picture>((value) => typeof value === 'object' && value !== null))
  .min(1, requiredMessage)
  .superRefine((pictures, ctx) => {
    const problem = countProblem(pictures.length);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

let nextKey = 0;
const keyOf = () => `picture-${++nextKey}`;

/** The pictures a car has, as the list starts in Edit. */
export const picturesOf = (urls: readonly string[]): Picture[] =>
  urls.map((src) => ({ key: keyOf(), src, file: null }));

const fromFile = (file: File): Picture => ({
  key: keyOf(),
  src: typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : '',
  file,
});

/** Whether the list differs from the car's pictures: a new file, one fewer, another order. */
export const picturesChanged = (pictures: readonly Picture[], urls: readonly string[]) =>
  pictures.length !== urls.length ||
  pictures.some((picture, at) => picture.file !== null || picture.src !== urls[at]);

/** An upload that failed, with the file it was for. */
export class PictureUploadError extends Error {
  readonly file: File;
  constructor(file: File, reason: unknown) {
    super(
      `${file.name} could not be uploaded: ${reason instanceof Error ? reason.message : String(reason)}`,
      { cause: reason },
    );
    this.name = 'PictureUploadError';
    this.file = file;
  }
}

/** The upload in progress: which file, and how far along the list. */
export interface UploadProgress {
  file: File;
  done: number;
  total: number;
}

/**
 * Uploads the chosen files one by one (`POST /api/images`) and answers every picture's address
 * in order. A file uploaded once is not sent again when the form is sent a second time.
 */
export function usePictureUploads() {
  const uploaded = useRef(new Map<File, string>());
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const upload = async (pictures: readonly Picture[]): Promise<string[]> => {
    const files = pictures.flatMap(({ file }) =>
      file && !uploaded.current.has(file) ? [file] : [],
    );
    try {
      for (const [done, file] of files.entries()) {
        setProgress({ file, done, total: files.length });
        try {
          uploaded.current.set(file, await uploadImage(file));
        } catch (error) {
          throw new PictureUploadError(file, error);
        }
      }
    } finally {
      setProgress(null);
    }
    return pictures.map(({ file, src }) => (file ? uploaded.current.get(file)! : src));
  };
  return { upload, progress };
}

/**
 * How wide a chosen picture is: a third of the listing dialog (32rem, less its padding and the
 * gaps) from `sm`, half the screen below, where the dialog fills it.
 */
const chosenSizes = '(min-width: 30em) 10rem, 50vw';

type Direction = 'earlier' | 'later';

/**
 * The list's changes: add files (as many as there is room for), move a picture, remove one. A
 * chosen file's object URL is let go when it is removed, or when the form goes.
 */
function usePictureList(
  pictures: Picture[],
  onChange: (pictures: Picture[]) => void,
  { setError, clearErrors }: Pick<UseFormReturn<{ images: Picture[] }>, 'setError' | 'clearErrors'>,
) {
  const chosen = useRef(new Set<string>());
  useEffect(() => {
    const urls = chosen.current;
    return () => {
      for (const url of urls) URL.revokeObjectURL?.(url);
    };
  }, []);

  const add = (files: File[]) => {
    const room = MAX_PICTURES - pictures.length;
    const added = files.slice(0, Math.max(0, room)).map(fromFile);
    for (const picture of added) chosen.current.add(picture.src);
    onChange([...pictures, ...added]);
    if (files.length > room) {
      setError('images', {
        type: 'max',
        message: countProblem(pictures.length + files.length) ?? '',
      });
    } else {
      clearErrors('images');
    }
  };
  // A moved picture's button keeps the focus (moving an element in the page drops it), or hands
  // it to the other direction's once the picture reaches an end of the list.
  const list = useRef<HTMLDivElement>(null);
  const refocus = useRef<{ key: string; direction: Direction } | null>(null);
  useEffect(() => {
    const wanted = refocus.current;
    refocus.current = null;
    if (!wanted || !list.current) return;
    const button = (direction: string) =>
      list.current?.querySelector<HTMLButtonElement>(
        `[data-picture="${wanted.key}"][data-direction="${direction}"]`,
      );
    const same = button(wanted.direction);
    (same && !same.disabled
      ? same
      : button(wanted.direction === 'earlier' ? 'later' : 'earlier')
    )?.focus();
  });
  const move = (from: number, direction: Direction) => {
    const next = [...pictures];
    const [moved] = next.splice(from, 1);
    next.splice(direction === 'earlier' ? from - 1 : from + 1, 0, moved!);
    refocus.current = { key: moved!.key, direction };
    onChange(next);
  };
  const remove = (at: number) => {
    const gone = pictures[at];
    if (gone?.file) {
      URL.revokeObjectURL?.(gone.src);
      chosen.current.delete(gone.src);
    }
    onChange(pictures.filter((_, index) => index !== at));
  };
  return { list, add, move, remove };
}

/** One picture of the list: its thumbnail (the cover badged), and its move and remove buttons. */
function ChosenPicture({
  picture,
  at,
  last,
  busy,
  uploading,
  move,
  remove,
}: {
  picture: Picture;
  at: number;
  last: boolean;
  busy: boolean;
  uploading: boolean;
  move: (from: number, direction: Direction) => void;
  remove: (at: number) => void;
}) {
  const n = at + 1;
  return (
    <Box
      as="li"
      borderWidth="1px"
      borderRadius="md"
      overflow="hidden"
      aria-busy={uploading || undefined}
    >
      <CarPicture
        src={picture.src}
        alt={`Picture ${n}${at === 0 ? ' (cover)' : ''}`}
        sizes={chosenSizes}
      >
        {at === 0 ? (
          <Badge position="absolute" top="1" left="1" colorPalette="teal" variant="solid">
            Cover
          </Badge>
        ) : null}
        {uploading ? (
          <Box position="absolute" inset="0" display="grid" placeItems="center">
            <Spinner size="md" color="teal.solid" />
          </Box>
        ) : null}
      </CarPicture>
      <HStack justify="space-between" gap="1" p="1">
        <HStack gap="1">
          <IconButton
            aria-label={`Move picture ${n} earlier`}
            size="xs"
            variant="ghost"
            data-picture={picture.key}
            data-direction="earlier"
            disabled={busy || at === 0}
            onClick={() => move(at, 'earlier')}
          >
            <LuArrowLeft />
          </IconButton>
          <IconButton
            aria-label={`Move picture ${n} later`}
            size="xs"
            variant="ghost"
            data-picture={picture.key}
            data-direction="later"
            disabled={busy || last}
            onClick={() => move(at, 'later')}
          >
            <LuArrowRight />
          </IconButton>
        </HStack>
        <IconButton
          aria-label={`Remove picture ${n}`}
          size="xs"
          variant="ghost"
          colorPalette="red"
          disabled={busy}
          onClick={() => remove(at)}
        >
          <LuX />
        </IconButton>
      </HStack>
    </Box>
  );
}

/**
 * Where pictures are added: a tile to tap (it opens the device's picker, its camera on a phone)
 * or to drop files on. The file input inside it stays the field's control, so the field's label
 * names it and a keyboard reaches it, its focus drawn around the tile.
 */
function AddPicturesTile({
  disabled,
  onFiles,
}: {
  disabled: boolean;
  onFiles: (files: File[]) => void;
}) {
  const [over, setOver] = useState(false);
  return (
    <Box
      as="label"
      display="flex"
      alignItems="center"
      justifyContent="center"
      gap="2"
      minH="20"
      px="4"
      borderWidth="2px"
      borderStyle="dashed"
      borderColor={over ? 'teal.solid' : 'border.emphasized'}
      borderRadius="md"
      bg={over ? 'teal.subtle' : undefined}
      color="fg"
      fontWeight="medium"
      textAlign="center"
      cursor={disabled ? 'not-allowed' : 'pointer'}
      opacity={disabled ? 0.6 : 1}
      _hover={disabled ? undefined : { bg: 'bg.muted' }}
      _focusWithin={{ outline: '2px solid', outlineColor: 'teal.focusRing', outlineOffset: '2px' }}
      onDragOver={(event) => {
        if (disabled) return;
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(event) => {
        event.preventDefault();
        setOver(false);
        if (!disabled) onFiles([...event.dataTransfer.files]);
      }}
    >
      <LuImagePlus aria-hidden />
      Add pictures
      <Text as="span" color="fg.muted" fontWeight="normal" hideBelow="md">
        or drop them here
      </Text>
      <VisuallyHidden asChild>
        <Input
          type="file"
          accept="image/*"
          multiple
          disabled={disabled}
          onChange={(event) => {
            onFiles([...(event.target.files ?? [])]);
            // The same file can be chosen again after it was removed.
            event.target.value = '';
          }}
        />
      </VisuallyHidden>
    </Box>
  );
}

/** The Pictures field: choose files, see them, reorder and remove them. */
export function CarPictures({ progress }: { progress?: UploadProgress | null | undefined }) {
  const { control, setError, clearErrors } = useFormContext<{ images: Picture[] }>();
  const {
    field: { value: pictures = [], onChange },
    fieldState: { error },
  } = useController({ control, name: 'images' });
  const busy = progress != null;
  const { list, add, move, remove } = usePictureList(pictures, onChange, {
    setError,
    clearErrors,
  });

  return (
    <Field.Root invalid={Boolean(error)} required>
      <Field.Label>
        Pictures
        <Field.RequiredIndicator />
      </Field.Label>
      <AddPicturesTile
        disabled={busy || pictures.length >= MAX_PICTURES}
        onFiles={(files) => add(files)}
      />
      <Field.HelperText>
        Up to {MAX_PICTURES}. The first is the cover; move a picture earlier or later to change the
        order.
      </Field.HelperText>
      {error?.message ? <Field.ErrorText>{error.message}</Field.ErrorText> : null}
      {pictures.length > 0 ? (
        <SimpleGrid
          as="ol"
          ref={list}
          aria-label="Chosen pictures"
          columns={{ base: 2, sm: 3 }}
          gap="3"
          w="full"
          listStyleType="none"
          mt="2"
        >
          {pictures.map((picture, at) => (
            <ChosenPicture
              key={picture.key}
              picture={picture}
              at={at}
              last={at === pictures.length - 1}
              busy={busy}
              uploading={progress?.file === picture.file && picture.file !== null}
              move={move}
              remove={remove}
            />
          ))}
        </SimpleGrid>
      ) : null}
      <Text fontSize="sm" color="fg.muted" aria-live="polite">
        {progress ? `Uploading picture ${progress.done + 1} of ${progress.total}…` : ''}
      </Text>
    </Field.Root>
  );
}
