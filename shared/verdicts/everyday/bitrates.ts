/**
 * Published bit rates the everyday answers divide by, megabits per second, each with its source.
 * These are upper bounds (a format's highest rate), so a count of "streams at once" holds even in
 * the busiest scenes.
 */

export interface Format {
  name: string;
  megabitsPerSecond: number;
}

/**
 * Films: the Blu-ray Disc Association's maxima. Blu-ray (1080p): 48 Mb/s audio and video together;
 * Ultra HD Blu-ray (4K): 128 Mb/s on 100 GB discs (82 and 108 on 50 and 66 GB ones). A file copied
 * from a disc ("remux") keeps these rates; streaming services send far less (about 15–25 Mb/s in 4K).
 */
export const films = {
  uhd: { name: '4K (Ultra HD Blu-ray quality)', megabitsPerSecond: 128 },
  hd: { name: '1080p (Blu-ray quality)', megabitsPerSecond: 48 },
} satisfies Record<string, Format>;

/**
 * Editing: Apple ProRes White Paper (April 2022), Appendix "Target Data Rates", 29.97 frames per
 * second; ProRes is what editors on a NAS commonly cut from, and other intermediate codecs (DNxHR)
 * sit at similar rates. Lightest first.
 */
export const editingFormats: Format[] = [
  { name: 'ProRes 422 Proxy 1080p', megabitsPerSecond: 45 },
  { name: 'ProRes 422 LT 1080p', megabitsPerSecond: 102 },
  { name: 'ProRes 422 1080p', megabitsPerSecond: 147 },
  { name: 'ProRes 422 Proxy 4K', megabitsPerSecond: 182 },
  { name: 'ProRes 422 HQ 1080p', megabitsPerSecond: 220 },
  { name: 'ProRes 4444 1080p', megabitsPerSecond: 330 },
  { name: 'ProRes 422 LT 4K', megabitsPerSecond: 409 },
  { name: 'ProRes 422 4K', megabitsPerSecond: 589 },
  { name: 'ProRes 422 HQ 4K', megabitsPerSecond: 884 },
  { name: 'ProRes 4444 4K', megabitsPerSecond: 1326 },
];

/** The sizes the everyday questions are asked in (decimal, as drives and cloud plans are sold). */
export const everydaySizes = {
  backupBytes: 500e9,
  photoLibraryBytes: 100e9,
  photoBytes: 5e6,
};
