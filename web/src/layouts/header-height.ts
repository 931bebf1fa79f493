/** The height of the site's top bar, in rem: what stays on screen above the page as it scrolls. */
export const HEADER_HEIGHT_REM = 4;
