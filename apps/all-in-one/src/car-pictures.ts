import sharp from 'sharp';

export interface CarPicture {
  /** Body colour, any CSS colour. */
  body: string;
  /** Sky colour at the top of the picture. */
  sky: string;
  shape: 'sedan' | 'suv' | 'hatchback' | 'pickup';
}

const roofs: Record<CarPicture['shape'], string> = {
  sedan: 'M250 330 L340 250 L640 250 L760 330 Z',
  suv: 'M230 330 L270 215 L700 215 L780 330 Z',
  hatchback: 'M260 330 L330 240 L620 240 L700 330 Z',
  pickup: 'M250 330 L300 230 L520 230 L540 330 Z',
};

const wheel = (cx: number) => `
  <circle cx="${cx}" cy="445" r="62" fill="#1d1d1f"/>
  <circle cx="${cx}" cy="445" r="30" fill="#b8bcc4"/>
  <circle cx="${cx}" cy="445" r="8" fill="#55595f"/>`;

/** Draws a side view of a car as SVG: sky, road, body, windows, wheels. */
export const carSvg = ({ body, sky, shape }: CarPicture, width = 1200, height = 800): string => `
<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 1000 667">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${sky}"/>
      <stop offset="1" stop-color="#f4f1ea"/>
    </linearGradient>
    <linearGradient id="paint" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${body}"/>
      <stop offset="1" stop-color="${body}" stop-opacity="0.78"/>
    </linearGradient>
  </defs>
  <rect width="1000" height="667" fill="url(#sky)"/>
  <rect y="470" width="1000" height="197" fill="#8a8d91"/>
  <rect y="560" width="1000" height="10" fill="#e8e3d3"/>
  <ellipse cx="500" cy="500" rx="380" ry="24" fill="#000" opacity="0.25"/>
  <path d="${roofs[shape]}" fill="url(#paint)"/>
  <path d="${roofs[shape]}" fill="#cfe3f2" opacity="0.55" transform="translate(500 300) scale(0.86) translate(-500 -300)"/>
  <rect x="150" y="325" width="${shape === 'pickup' ? 720 : 700}" height="130" rx="46" fill="url(#paint)"/>
  <rect x="168" y="372" width="40" height="18" rx="6" fill="#ffd86b"/>
  <rect x="${shape === 'pickup' ? 840 : 820}" y="370" width="24" height="22" rx="6" fill="#d83a3a"/>
  <line x1="470" y1="340" x2="470" y2="440" stroke="#000" stroke-opacity="0.2" stroke-width="4"/>
  ${wheel(300)}
  ${wheel(shape === 'pickup' ? 730 : 705)}
</svg>`;

/**
 * Renders a car picture as a JPEG, the way a seller's phone would hand it over: 1600 pixels wide,
 * the widest of the width classes pictures are stored in, so each class of a demo picture holds
 * its own width and the pages' `srcset` has three to choose from.
 */
export const renderCarPicture = (picture: CarPicture): Promise<Buffer> =>
  sharp(Buffer.from(carSvg(picture, 1600, 1067)))
    .jpeg({ quality: 85 })
    .toBuffer();
