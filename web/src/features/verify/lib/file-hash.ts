// The SHA-256 of a file the verifier drops on the page, computed in the browser with Web Crypto:
// the file is read locally and never uploaded.
import { bytesToHex } from './hex';

export async function sha256OfFile(file: Blob): Promise<string> {
  return bytesToHex(await crypto.subtle.digest('SHA-256', await file.arrayBuffer()));
}
