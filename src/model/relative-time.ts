/** `today`, `today-30d`, `now+2h`: a time relative to the run's reference time (units s, m, h, d, w). */
export const RELATIVE_TIME = /^(today|now)\s*(?:([+-])\s*(\d+)\s*([smhdw]))?$/i;
