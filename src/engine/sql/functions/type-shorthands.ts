/** The short names the function families give the types they use most. */
import { DataTypes } from "../../../model/data-type.ts";

export const S = DataTypes.string;
export const I = DataTypes.int;
export const L = DataTypes.long;
export const D = DataTypes.double;
export const DATE = DataTypes.date;
export const TS = DataTypes.timestamp;
