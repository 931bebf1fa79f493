// The styling system: Chakra's base (conditions and style props), its tokens, and only the
// recipes of the components the app uses. `defaultConfig` carries the recipe of every component
// Chakra has (date pickers, carousels, trees, ...): 13 kB gzip of every first visit that no
// page used. A component whose recipe is missing here renders unstyled, without an error, so the
// unit tests fail on any recipe asked for and not listed (test/setup.ts).
import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
import {
  accordionSlotRecipe,
  alertSlotRecipe,
  animationStyles,
  avatarSlotRecipe,
  badgeRecipe,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  checkboxSlotRecipe,
  checkmarkRecipe,
  codeRecipe,
  containerRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  dataListSlotRecipe,
  dialogSlotRecipe,
  drawerSlotRecipe,
  emptyStateSlotRecipe,
  fieldSlotRecipe,
  fieldsetSlotRecipe,
  globalCss,
  headingRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  menuSlotRecipe,
  nativeSelectSlotRecipe,
  popoverSlotRecipe,
  semanticTokens,
  separatorRecipe,
  skeletonRecipe,
  spinnerRecipe,
  tableSlotRecipe,
  tagSlotRecipe,
  textareaRecipe,
  textStyles,
  tokens,
  tooltipSlotRecipe,
} from '@chakra-ui/react/theme';

/** Chakra's own theme, its recipes narrowed to those of the components on our screens. */
const theme = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens,
    semanticTokens,
    textStyles,
    layerStyles,
    animationStyles,
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      checkmark: checkmarkRecipe,
      code: codeRecipe,
      container: containerRecipe,
      heading: headingRecipe,
      input: inputRecipe,
      link: linkRecipe,
      separator: separatorRecipe,
      skeleton: skeletonRecipe,
      spinner: spinnerRecipe,
      textarea: textareaRecipe,
    },
    slotRecipes: {
      accordion: accordionSlotRecipe,
      alert: alertSlotRecipe,
      avatar: avatarSlotRecipe,
      card: cardSlotRecipe,
      checkbox: checkboxSlotRecipe,
      dataList: dataListSlotRecipe,
      dialog: dialogSlotRecipe,
      drawer: drawerSlotRecipe,
      emptyState: emptyStateSlotRecipe,
      field: fieldSlotRecipe,
      fieldset: fieldsetSlotRecipe,
      menu: menuSlotRecipe,
      nativeSelect: nativeSelectSlotRecipe,
      popover: popoverSlotRecipe,
      table: tableSlotRecipe,
      tag: tagSlotRecipe,
      tooltip: tooltipSlotRecipe,
    },
  },
});

/** At least 44 px on phones (below `md`), the size a fingertip hits; the recipe's own above. */
const touch = (desktop: string) => ({ base: '11', md: desktop });

// On phones every button, icon button and menu item is a touch target of 44 px or more, and
// fields are as tall, with 16 px text (a phone zooms into a field whose text is smaller).
const phones = defineConfig({
  theme: {
    recipes: {
      button: {
        variants: {
          size: {
            '2xs': { minH: touch('6'), minW: touch('6') },
            xs: { minH: touch('8'), minW: touch('8') },
            sm: { minH: touch('9'), minW: touch('9') },
            md: { minH: touch('10'), minW: touch('10') },
          },
        },
      },
      input: {
        variants: {
          size: {
            sm: {
              '--input-height': { base: 'sizes.11', md: 'sizes.9' },
              textStyle: { base: 'md', md: 'sm' },
            },
            md: {
              '--input-height': { base: 'sizes.11', md: 'sizes.10' },
              textStyle: { base: 'md', md: 'sm' },
            },
          },
        },
      },
    },
    slotRecipes: {
      menu: {
        slots: menuSlotRecipe.slots,
        variants: { size: { md: { item: { minH: touch('auto') } } } },
      },
      nativeSelect: {
        slots: nativeSelectSlotRecipe.slots,
        variants: {
          size: {
            sm: {
              root: { '--select-field-height': { base: 'sizes.11', md: 'sizes.9' } },
              field: { textStyle: { base: 'md', md: 'sm' } },
            },
            md: {
              root: { '--select-field-height': { base: 'sizes.11', md: 'sizes.10' } },
              field: { textStyle: { base: 'md', md: 'sm' } },
            },
          },
        },
      },
    },
  },
});

// The brand colour is teal. Chakra's default teal buttons (white on teal.600) and teal text on
// white fall short of 4.5:1 contrast, so the palette's solid and text shades are one step darker
// in light mode (white on teal.700 is 5.5:1).
const brand = defineConfig({
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

// What tells a control from the page stands out from it (WCAG 2.2 AA): the edge of an input, a
// select and a checkbox, and every focus ring, at 3:1 or more against white and the light greys
// around them; error text at 4.5:1. Chakra's defaults are 1.27:1 (gray.200 edges), 2.5:1 (the
// rings of teal.500 and gray.400) and 3.8:1 (red.500 text). A divider or a card's edge only
// groups what a reader can already see, so it keeps the lighter `border`.
// On the dark background the same hues are read in their light 400 shades.
const ring = (hue: string, light: number) => ({
  value: { _light: `{colors.${hue}.${light}}`, _dark: `{colors.${hue}.400}` },
});
const controlEdge = { borderColor: 'border.control' };
const contrast = defineConfig({
  theme: {
    semanticTokens: {
      colors: {
        // 3.7:1 on white, 3.3:1 on gray.100; Chakra's grays jump from 2.6:1 (400) to 4.8:1 (500).
        border: { control: { value: { _light: '#85858e', _dark: '{colors.gray.500}' } } },
        fg: { error: { value: { _light: '{colors.red.600}', _dark: '{colors.red.400}' } } },
        gray: { focusRing: ring('gray', 600) },
        teal: { focusRing: ring('teal', 700) },
        red: { focusRing: ring('red', 700) },
        orange: { focusRing: ring('orange', 700) },
        green: { focusRing: ring('green', 700) },
        blue: { focusRing: ring('blue', 700) },
        purple: { focusRing: ring('purple', 700) },
      },
    },
    recipes: {
      input: { variants: { variant: { outline: controlEdge } } },
      textarea: { variants: { variant: { outline: controlEdge } } },
    },
    slotRecipes: {
      nativeSelect: {
        slots: nativeSelectSlotRecipe.slots,
        variants: { variant: { outline: { field: controlEdge } } },
      },
      checkbox: {
        slots: checkboxSlotRecipe.slots,
        variants: { variant: { solid: { control: controlEdge } } },
      },
    },
  },
});

// A visitor who asks their system for less motion gets none: dialogs, menus, drawers and toasts
// appear at once instead of sliding or fading in (their keyframe animations end at once), and a
// skeleton stops pulsing. A spinner keeps turning, as it is what says that something is still
// loading. Transitions (a colour fading on hover) are kept: cut short too, they made a page
// taking over from the server's jump by up to 0.09 on a phone (layout shift).
const stillness = defineConfig({
  globalCss: {
    '*:not(.chakra-spinner), *::before, *::after': {
      _motionReduce: {
        animationDuration: '0.01ms !important',
        animationIterationCount: '1 !important',
        scrollBehavior: 'auto !important',
      },
    },
  },
});

export const system = createSystem(defaultBaseConfig, theme, phones, brand, contrast, stillness);
