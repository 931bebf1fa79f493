import { createRecipeContext, type InputProps } from '@chakra-ui/react';

const { withContext } = createRecipeContext({ key: 'input' });

/**
 * Chakra's input, as a plain `<input>` outside a form field: the search boxes of the top bar and
 * of Home's banner, which every first visit downloads, go without the field machinery.
 */
export const PlainInput = withContext<HTMLInputElement, InputProps>('input');
