import type { LegalDoc } from './types';

/** English. The Japanese text is the original; where they differ, the Japanese text prevails. */
export const doc: LegalDoc = {
  about: (
    <>
      <p>
        Kabuto is a stock investing app for individual investors in Japan. With a yen account, it will step by step
        offer quotes and trading of stocks listed on the Tokyo Stock Exchange, IPOs, block trades, deposits and
        withdrawals.
      </p>
      <p>
        Every balance is calculated from the transaction records (the ledger), and you can see what it is made of.
        Whenever trading or withdrawals are restricted, we always tell you the reason and the rule.
      </p>
      <p>Unless stated otherwise, market data is simulated.</p>
    </>
  ),
  unregistered: (
    <>
      This operator is not registered as a Financial Instruments Business Operator (demo operation). No real securities
      are traded and no real money is deposited or withdrawn.
    </>
  ),
  registryCheck: (
    <>
      You can check whether a company is registered as a Financial Instruments Business Operator in the list of
      licensed and registered companies on the Financial Services Agency (FSA) website.
    </>
  ),
  fraudIntro: (
    <>
      Many people are being lured into investment apps by contacts met on social media or dating apps, or by people
      impersonating celebrities or investment experts, and then cheated out of their money. The Financial Services
      Agency and the National Police Agency are warning about this.
    </>
  ),
  fraud: (
    <>
      <h3>What Kabuto will never do</h3>
      <ul>
        <li>Ask you to pay a fee, tax, deposit, "unlock fee" or anything else before you can withdraw</li>
        <li>Restrict withdrawals of your free cash because of a "credit score", "VIP level" or "upgrade"</li>
        <li>Show a balance or profit that the transaction records and real fills do not explain</li>
        <li>Tell you to transfer money to an account in a private person's name, or via social media or chat apps</li>
        <li>Pay a withdrawal to an account that is not in your own name</li>
        <li>Promise profits, such as "guaranteed gains" or "principal guaranteed"</li>
      </ul>
      <h3>Suspect fraud when</h3>
      <ul>
        <li>A group on social media or a chat app recommends investing through a particular app or website</li>
        <li>You are told to pay a fee or tax first when you try to withdraw</li>
        <li>You are given an account in a private person's name to deposit to</li>
      </ul>
      <h3>Where to get advice (Japan)</h3>
      <ul className="contacts">
        <li>
          FSA Counseling Office for Financial Services Users
          <br />
          <a href="tel:0570016811">0570-016811</a> (from IP phones: 03-5251-6811)
        </li>
        <li>
          Police consultation line
          <br />
          <a href="tel:%239110">#9110</a>
        </li>
        <li>
          Consumer hotline
          <br />
          <a href="tel:188">188</a>
        </li>
      </ul>
    </>
  ),
  privacy: (
    <>
      <h3>1. Information we collect</h3>
      <p>
        Your phone number, password (stored in a form that cannot be reversed), invitation code, records of trades,
        deposits and withdrawals, documents you submit for identity verification (once that feature is offered), and
        access records (time, IP address, device information).
      </p>
      <h3>2. Purposes of use</h3>
      <p>
        To register and manage your account, verify your identity, process trades, deposits and withdrawals, prevent
        fraud, comply with the law and answer your enquiries.
      </p>
      <h3>3. Disclosure to third parties</h3>
      <p>We do not give your personal information to third parties without your consent, except where the law requires it.</p>
      <h3>4. Security</h3>
      <p>
        We protect personal information with encrypted connections, hashed passwords, access control and logging of
        operations.
      </p>
      <h3>5. Retention</h3>
      <p>
        Records of financial transactions are kept for 5 years and data of the investment business for 10 years; after
        that they are deleted securely.
      </p>
      <h3>6. Storage on your device</h3>
      <p>
        Your sign-in state, language setting and data for offline display are stored on your device (browser storage).
        The sign-in state and the display data are deleted when you log out.
      </p>
      <h3>7. Requests for disclosure, correction or deletion</h3>
      <p>
        To have your information disclosed, corrected, its use stopped or deleted, please contact us at the address
        given in the operator details.
      </p>
    </>
  ),
  terms: (
    <ol>
      <li>
        The service provides information for investment decisions and the means to trade. It does not solicit any
        particular investment and does not guarantee profits.
      </li>
      <li>
        Prices of stocks and other instruments go up and down, and you may lose part of your principal. In margin
        trading, losses can exceed the margin you deposited.
      </li>
      <li>
        Fees and taxes are shown on screen before an action and are deducted from that transaction. No separate
        payment is ever required as a condition for a withdrawal.
      </li>
      <li>Withdrawals are paid only to accounts in your own name.</li>
      <li>If your account is frozen, barred from trading or suspended, we tell you why.</li>
      <li>You are responsible for your password and fund password; never share them with anyone.</li>
      <li>Unless stated otherwise, market data is simulated.</li>
    </ol>
  ),
};
