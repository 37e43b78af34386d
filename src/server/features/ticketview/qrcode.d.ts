// The qrcode package ships no types; this is the one call the server makes.
declare module 'qrcode' {
  export function toBuffer(
    text: string,
    options?: { type?: 'png'; errorCorrectionLevel?: 'L' | 'M' | 'Q' | 'H'; margin?: number; width?: number },
  ): Promise<Buffer>;
}
