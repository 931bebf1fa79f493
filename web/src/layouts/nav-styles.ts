/**
 * The current page's link in the dashboard's drawer and the top bar's menu: white on the brand's
 * solid shade, and on a darker one under the mouse, the same in both colour modes. Without its
 * own hover it took the other links' pale hover and its white text vanished.
 */
export const currentLinkStyle = {
  bg: 'teal.solid',
  color: 'white',
  _hover: { bg: 'teal.800', color: 'white' },
} as const;
