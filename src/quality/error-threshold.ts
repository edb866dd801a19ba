/**
 * Whether `failed` of `total` records is within a validation's errorThreshold, as Data Caterer
 * decides (ValidationOperations.getIsSuccessAndSampleErrors): no failure always passes; with
 * no threshold any failure fails; a threshold of at least 1 is the number of failures allowed,
 * below 1 the fraction of the records allowed to fail.
 */
export function withinThreshold(failed: number, total: number, threshold: number | undefined): boolean {
  if (failed <= 0) return true;
  if (threshold === undefined) return false;
  if (threshold >= 1) return failed <= threshold;
  return total > 0 && failed / total <= threshold;
}
