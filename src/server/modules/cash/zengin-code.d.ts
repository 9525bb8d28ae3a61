/** The `zengin-code` package (the Zengin bank and branch list) ships no types. */
declare module 'zengin-code' {
  interface ZenginEntry {
    code: string;
    name: string;
    kana: string;
    hira: string;
    roma: string;
  }
  interface ZenginBank extends ZenginEntry {
    branches: Record<string, ZenginEntry>;
  }
  const banks: Record<string, ZenginBank>;
  export = banks;
}
