/** What the bench needs of an OCR engine: text lines in reading order for one image file. */
export interface Engine {
  name: string;
  read(bytes: Uint8Array): Promise<string[]>;
  close(): Promise<void>;
}
