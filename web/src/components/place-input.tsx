// A text box that suggests places as they are typed (`GET /api/places`), by the ARIA combobox
// pattern: the arrow keys walk the suggestions, Enter or a tap chooses one, Escape closes them.
// Any text stays allowed: a place the gazetteer does not know is still a place to write.
import { Box, Input, type InputProps, mergeRefs } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { type FocusEvent, type KeyboardEvent, type Ref, useId, useMemo, useState } from 'react';
import { type PlaceSuggestion, suggestPlaces } from '../api/endpoints.ts';
import { useSettled } from './use-settled.ts';
import { useTypedEarly } from './use-typed-early.ts';

/** How long the typing pauses before the places are asked for. */
const SETTLE_MS = 200;
/** The API suggests places for at least this many characters. */
const MIN_CHARS = 2;
/** Places do not move: a suggestion stays good for the visit. */
const KEEP_MS = 60 * 60 * 1000;

/** The places that begin as the text does, once the typing pauses; none below 2 characters. */
function usePlaceSuggestions(text: string, wanted: boolean): PlaceSuggestion[] {
  const typed = text.trim().replaceAll(/\s+/g, ' ');
  const q = useSettled(typed, SETTLE_MS);
  const places = useQuery({
    queryKey: ['places', q],
    queryFn: () => suggestPlaces(q),
    enabled: wanted && q.length >= MIN_CHARS,
    staleTime: KEEP_MS,
    meta: { quiet: true },
  });
  // Suggestions of text since typed over are not offered.
  return wanted && q === typed && q.length >= MIN_CHARS ? (places.data ?? []) : [];
}

export interface PlaceInputProps extends Omit<InputProps, 'value' | 'defaultValue' | 'ref'> {
  value: string;
  /** The text as typed, or the label of a suggestion chosen. */
  onValueChange: (text: string) => void;
  /** A suggestion chosen: its label. */
  onChoose?: (label: string) => void;
  ref?: Ref<HTMLInputElement>;
}

/** Which suggestion the arrow keys mark, and choosing one. */
function useSuggestionKeys(
  places: PlaceSuggestion[],
  choose: (label: string) => void,
  close: () => void,
) {
  const [active, setActive] = useState(-1);
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>): boolean => {
    if (places.length === 0) return false;
    const last = places.length - 1;
    if (event.key === 'ArrowDown') setActive((index) => (index >= last ? 0 : index + 1));
    else if (event.key === 'ArrowUp') setActive((index) => (index <= 0 ? last : index - 1));
    else if (event.key === 'Enter' && places[active]) choose(places[active].label);
    else if (event.key === 'Escape') close();
    else return false;
    event.preventDefault();
    // Escape closes the suggestions, not the dialog or drawer around them.
    event.stopPropagation();
    return true;
  };
  return { active: active <= places.length - 1 ? active : -1, setActive, onKeyDown };
}

/**
 * A place's text box with the places it may mean underneath as the text is typed. The text is
 * the caller's (`value`, `onValueChange`); `onChoose` hears a suggestion chosen.
 */
export function PlaceInput({
  value,
  onValueChange,
  onChoose,
  onChange,
  onKeyDown,
  onBlur,
  ref,
  ...rest
}: PlaceInputProps) {
  const listId = useId();
  // Open while the text is being typed; a chosen place or leaving the box closes it.
  const [open, setOpen] = useState(false);
  const box = useTypedEarly(value, (typed) => {
    setOpen(document.activeElement === box.current);
    onValueChange(typed);
  });
  const refs = useMemo(() => mergeRefs(box, ref), [box, ref]);
  const places = usePlaceSuggestions(value, open);
  const choose = (label: string) => {
    setOpen(false);
    onValueChange(label);
    onChoose?.(label);
  };
  const keys = useSuggestionKeys(places, choose, () => setOpen(false));
  const expanded = places.length > 0;
  const optionId = (index: number) => `${listId}-${index}`;
  return (
    <Box position="relative" w="full">
      <Input
        ref={refs}
        {...rest}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={keys.active >= 0 ? optionId(keys.active) : undefined}
        autoComplete="off"
        value={value}
        onChange={(event) => {
          setOpen(true);
          keys.setActive(-1);
          onValueChange(event.currentTarget.value);
          onChange?.(event);
        }}
        onKeyDown={(event) => {
          if (keys.onKeyDown(event)) return;
          // Enter takes the text as typed: no suggestion is wanted for it any more. The down
          // arrow brings the suggestions of the text back.
          if (event.key === 'Enter') setOpen(false);
          if (event.key === 'ArrowDown') setOpen(true);
          onKeyDown?.(event);
        }}
        onBlur={(event: FocusEvent<HTMLInputElement>) => {
          setOpen(false);
          onBlur?.(event);
        }}
      />
      <SuggestionList id={listId} places={places} active={keys.active} onChoose={choose} />
    </Box>
  );
}

/** The suggestions under the box; a press keeps the focus in the box, a click or tap chooses. */
function SuggestionList({
  id,
  places,
  active,
  onChoose,
}: {
  id: string;
  places: PlaceSuggestion[];
  active: number;
  onChoose: (label: string) => void;
}) {
  return (
    <Box
      as="ul"
      id={id}
      role="listbox"
      aria-label="Suggested places"
      hidden={places.length === 0}
      position="absolute"
      insetX="0"
      top="calc(100% + 4px)"
      zIndex="dropdown"
      bg="bg.panel"
      borderWidth="1px"
      borderRadius="l2"
      boxShadow="md"
      py="1"
      listStyleType="none"
      maxH="64"
      overflowY="auto"
    >
      {places.map((place, index) => (
        <Box
          as="li"
          // Two towns may share a label, not a position.
          key={`${place.label}@${place.latitude},${place.longitude}`}
          id={`${id}-${index}`}
          role="option"
          aria-selected={index === active}
          px="3"
          // A fingertip's height on phones.
          py={{ base: '2.5', md: '1.5' }}
          fontSize="sm"
          cursor="pointer"
          bg={index === active ? 'teal.subtle' : undefined}
          _hover={{ bg: 'bg.muted' }}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => onChoose(place.label)}
        >
          {place.label}
        </Box>
      ))}
    </Box>
  );
}
