declare module 'bmp-js' {
  interface BmpImage {
    width: number;
    height: number;
    /** 4 bytes a pixel in A, B, G, R order. */
    data: Buffer;
  }
  const bmp: { decode(buffer: Buffer): BmpImage; encode(image: BmpImage): BmpImage };
  export default bmp;
}
