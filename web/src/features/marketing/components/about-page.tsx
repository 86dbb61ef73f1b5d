// /about ("Our Story"): why TitleLedger exists and what it does and does not claim.
import { Link } from 'react-router-dom';

import { paths } from '@/lib/paths';

import { MarketingPage, ProseSection } from './marketing-page';

export function AboutPage() {
  return (
    <MarketingPage title="Our Story" lead="A simple question kept coming up among writers we know: how do I prove this draft was mine, on this date?">
      <ProseSection title="Why we built it">
        <p>
          Writers send drafts to readers, producers, editors and contests every week. When a dispute comes up months later,
          the hardest part is showing which version existed when. Emailing a file to yourself proves little; a government
          registration takes time and money and is not meant for every draft.
        </p>
        <p>
          TitleLedger records a cryptographic fingerprint of the exact file, anchors it on a public ledger, and gives you a
          certificate that anyone can check, without having to trust us.
        </p>
      </ProseSection>
      <ProseSection title="What we promise, and what we don’t">
        <ul>
          <li>We prove that a specific file existed no later than its registration time.</li>
          <li>We keep your work encrypted and never publish its contents; only its title, TR number, registrant name and material type are searchable.</li>
          <li>We are not a government copyright office, and a TitleLedger registration is not a government copyright registration.</li>
          <li>Verification depends on open standards (SHA-256, Merkle proofs, an EVM chain), so it keeps working even without our servers.</li>
        </ul>
      </ProseSection>
      <ProseSection title="Talk to us">
        <p>
          Questions, ideas or partnership requests are welcome on the <Link to={paths.contact}>contact page</Link>; account
          problems go to the <Link to={paths.support}>support center</Link>.
        </p>
      </ProseSection>
    </MarketingPage>
  );
}
