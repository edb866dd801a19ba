/** What a database driver put on a thrown value, read as `F` (every field optional): nothing when it is not an object. */
export const driverErrorFields = <F extends object>(e: unknown): F =>
  typeof e === "object" && e !== null ? (e as F) : ({} as F);
