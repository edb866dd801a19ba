import { vinCheckChar } from "./check-digits.ts";
import { charRun, type Draw, digitRun, joinDraws } from "./locale-draw.ts";

/** The letters of a VIN (no I, O or Q), and its letters and digits. */
const VIN_LETTERS = "ABCDEFGHJKLMNPRSTUVWXYZ";
const VIN_ALPHANUMERIC = `${VIN_LETTERS}0123456789`;

/**
 * A vehicle identification number as faker's vehicle.vin makes it: ten letters or digits, a
 * letter, a letter or digit and five digits, the ninth character being the check character.
 */
export function vinDraw(): Draw {
  const head = charRun(VIN_ALPHANUMERIC, 8);
  const tail = joinDraws(
    charRun(VIN_ALPHANUMERIC, 1),
    charRun(VIN_LETTERS, 1),
    charRun(VIN_ALPHANUMERIC, 1),
    digitRun(5),
  ) as Draw;
  return (rnd) => {
    const h = head(rnd);
    const t = tail(rnd);
    return `${h}${vinCheckChar(`${h}0${t}`)}${t}`;
  };
}
