/** Review and device ids: lower-case kebab-case. They name folders and files and are part of URLs. */
export const KEBAB_ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
