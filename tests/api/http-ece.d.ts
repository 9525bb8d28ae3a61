/** http_ece (web-push's dependency) ships no types; the messaging test decrypts a push with it. */
declare module 'http_ece' {
  const ece: { decrypt(buffer: Buffer, params: { version: string; privateKey: unknown; authSecret: string }): Buffer };
  export default ece;
}
