/**
 * The size cap of a campaign file, apart from campaign-file.ts so the web app can check a file
 * before sending it without bundling the validator.
 */

/** Largest campaign file accepted: far above a long campaign (a few hundred KiB to a few MiB). */
export const MAX_CAMPAIGN_BYTES = 16 * 1024 * 1024;
