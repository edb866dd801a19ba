import { UPPER } from "./id-draws.ts";
import { charRun, type Draw, joinDraws, pickDraw } from "./locale-draw.ts";

/** Image addresses of picsum.photos, as the expression table's image methods give them. */

/** An image address of picsum.photos as faker's image.url makes it: a seed of 5-10 letters and digits, a width, a height. */
export const picsumDraw = (width: Draw, height: Draw): Draw =>
  joinDraws(
    "https://picsum.photos/seed/",
    pickDraw([5, 6, 7, 8, 9, 10].map((n) => charRun(ALPHANUMERIC, n))),
    "/",
    width,
    "/",
    height,
  ) as Draw;
const ALPHANUMERIC = `${UPPER}${UPPER.toLowerCase()}0123456789`;
