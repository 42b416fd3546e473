/**
 * Where NASBench may write for one NAS: a folder on the NAS (disk tests, plans' disk steps) and
 * the NAS's share as mounted on this computer (plans' share copy steps). They belong to the NAS,
 * not to one form: every test of that NAS offers the same choice. Pure, so it is tested without React.
 */
export interface WritePlaces {
  /** A mount point the probe listed; null until the user picks, so the NAS's first volume is offered. */
  pickedNasFolder: string | null;
  /** The user picked "Another folder…" and types the path. */
  typingNasFolder: boolean;
  typedNasFolder: string;
  /** A local folder, normally where a share of this NAS is mounted; empty: no share steps. */
  shareFolder: string;
}

export const noWritePlaces: WritePlaces = {
  pickedNasFolder: null,
  typingNasFolder: false,
  typedNasFolder: '',
  shareFolder: '',
};

/** Whether the folder on the NAS is typed: the user asked to, or the probe listed no mount point. */
export function typesNasFolder(places: WritePlaces, mounts: readonly string[]): boolean {
  return places.typingNasFolder || mounts.length === 0;
}

/**
 * The folder on the NAS the choice stands for, given the mount points the probe listed: the typed
 * path when the user chose "Another folder…" (or nothing is listed), else the one picked, else the first listed.
 */
export function nasFolderOf(places: WritePlaces, mounts: readonly string[]): string {
  if (typesNasFolder(places, mounts)) return places.typedNasFolder;
  const picked = places.pickedNasFolder;
  return (picked !== null && mounts.includes(picked) ? picked : mounts[0]) ?? '';
}
