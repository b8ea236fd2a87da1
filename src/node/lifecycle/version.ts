/** What `version` answers: KDF's `{result: <mm_version>, datetime: <build datetime>}`. */

export interface BuildInfo {
  /** package version and commit, e.g. `0.1.0_browser-dex_3bb4125`. */
  version: string;
  /** ISO time of the build. */
  datetime: string;
}
