import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';

// The brand colour is teal. Chakra's default teal buttons (white on teal.600) and teal text on
// white fall short of 4.5:1 contrast, so the palette's solid and text shades are one step darker
// in light mode (white on teal.700 is 5.5:1).
const config = defineConfig({
  theme: {
    semanticTokens: {
      colors: {
        teal: {
          solid: { value: { _light: '{colors.teal.700}', _dark: '{colors.teal.700}' } },
          fg: { value: { _light: '{colors.teal.700}', _dark: '{colors.teal.300}' } },
        },
      },
    },
  },
});

export const system = createSystem(defaultConfig, config);
