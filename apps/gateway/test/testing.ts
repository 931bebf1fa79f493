// What tests of a server of the built web app start from.

/** The built index.html, as Vite writes it: its head, its script, and the empty root. */
export const BUILT_INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Second Gear: Buy, Sell and Enjoy. A used-car marketplace." />
    <title>Home | Second Gear</title>
    <script type="module" crossorigin src="/assets/index-1a2b.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;
