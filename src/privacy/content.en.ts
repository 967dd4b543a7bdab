// Terms and Conditions and Privacy Policy (docs/PRODUCT.md, Screens), in English.
export interface Section {
  id: string;
  title: string;
  body: string[];
}

export const termsEn: Section[] = [
  {
    id: 'services',
    title: 'Our Services',
    body: [
      'Specter lets customers of participating restaurants view the receipt of their latest order and save it to a personal account, and lets restaurants manage their branches, tills and printed QR codes. By using the website, the invoice page or the mobile application you agree to these Terms and Conditions.',
      'The information we provide is not intended for distribution in any jurisdiction where doing so would be contrary to law. Those who access the services from other locations do so on their own initiative and are responsible for compliance with local laws.',
    ],
  },
  {
    id: 'ip',
    title: 'Intellectual Property Rights',
    body: [
      'Unless otherwise stated, the services are our proprietary property. All source code, databases, functionality, software, designs, text, photographs and graphics, and the trademarks and logos contained in them, are owned or controlled by us or licensed to us and are protected by copyright and trademark laws.',
      'Restaurant names and logos remain the property of their owners and are shown only to present their receipts. No part of the services may be copied, reproduced or exploited for any commercial purpose without our express prior written permission.',
    ],
  },
  {
    id: 'returns',
    title: 'Returns and Refunds',
    body: [
      'All sales are final and no refunds will be issued. Saving a receipt through Specter does not change the order itself: questions about food, service or payment are between you and the restaurant that served you.',
    ],
  },
  {
    id: 'software',
    title: 'Software',
    body: [
      'We may include software for use in connection with our services. Software provided without a separate licence is licensed to you for personal, non-commercial use under these terms, is provided "as is", and may be updated from time to time to keep it secure and working.',
    ],
  },
  {
    id: 'prohibited',
    title: 'Prohibited Activities',
    body: [
      'You may not use the services for any purpose other than the one for which we make them available. In particular you agree not to retrieve data systematically, to guess or abuse one-time codes, to interfere with security features, to impersonate another person, to upload viruses or other harmful material, or to use the services in breach of any applicable law.',
    ],
  },
  {
    id: 'contributions',
    title: 'User Generated Contributions',
    body: [
      'The services may invite you to submit content such as your name or phone number. You are responsible for what you submit, you confirm that it is accurate and lawful, and you understand that it may be visible to the restaurants whose receipts you save.',
    ],
  },
  {
    id: 'licence',
    title: 'Mobile Application Licence',
    body: [
      'If you use our mobile application, we grant you a revocable, non-exclusive, non-transferable, limited right to install and use it on devices you own or control, strictly in accordance with these terms. You may not decompile, reverse engineer or modify the application, or use it to build a competing product.',
    ],
  },
  {
    id: 'third-party',
    title: 'Third-Party Websites and Content',
    body: [
      "The services may contain links to other websites and content from third parties, such as restaurants or payment providers. We do not check them for accuracy or appropriateness and are not responsible for them; when you leave our services, the third party's own terms and privacy policy apply.",
    ],
  },
  {
    id: 'advertisers',
    title: 'Advertisers',
    body: [
      'We may allow advertisers to display their advertisements in certain areas of the services. Advertisers are fully responsible for their advertisements and the products they promote; we simply provide the space.',
    ],
  },
  {
    id: 'management',
    title: 'Site Management',
    body: [
      'We reserve the right, but not the obligation, to monitor the services for violations of these terms, to take appropriate legal action against anyone who breaks them, to refuse or restrict access, and otherwise to manage the services in a manner designed to protect our rights and property  and to keep them working properly. We may also remove or disable any content or account that is excessive in size or burdensome to our systems, without notice and without liability. Nothing in this section obliges us to monitor every use of the services.',
    ],
  },
  {
    id: 'privacy',
    title: 'Privacy',
    body: [
      'We care about data privacy and security. By using the services you agree to be bound by our Privacy Policy below, which is part of these terms. The services are hosted for customers in the Kingdom of Saudi Arabia and the region.',
    ],
  },
  {
    id: 'termination',
    title: 'Term and Termination',
    body: [
      'These terms remain in force while you use the services. We may, without notice and at our sole discretion, deny access to or use of the services to any person for any reason, including a breach of these terms or of the law, and may delete your account and any content you posted.',
    ],
  },
  {
    id: 'modifications',
    title: 'Modifications and Interruptions',
    body: [
      'We may change, modify or remove the contents of the services at any time without notice. We cannot guarantee that the services will be available at all times: hardware, software or other problems, or maintenance, may cause interruptions, delays or errors, and we are not liable for any loss they cause.',
    ],
  },
  {
    id: 'law',
    title: 'Governing Law',
    body: [
      'These terms and your use of the services are governed by and construed in accordance with the laws of the Kingdom of Saudi Arabia. The courts and arbitral bodies of the Kingdom have jurisdiction over any matter that is not settled under the Dispute Resolution section below. If you use the services from another country, you remain responsible for complying with its local laws as well.',
    ],
  },
  {
    id: 'disputes',
    title: 'Dispute Resolution',
    body: [
      'To resolve any dispute quickly and at low cost, you and we first agree to attempt to negotiate it informally for at least thirty (30) days before either party starts arbitration. Informal negotiations start on written notice from one party to the other.',
      'If the dispute cannot be resolved through informal negotiation, it will be finally and exclusively resolved by binding arbitration under the rules in force in the Kingdom of Saudi Arabia.',
    ],
  },
  {
    id: 'disclaimer',
    title: 'Disclaimer',
    body: [
      "The services are provided on an as-is and as-available basis. To the fullest extent permitted by law, we disclaim all warranties, express or implied, including merchantability, fitness for a particular purpose and non-infringement. Receipt details come from the restaurant's point-of-sale system and we do not guarantee their accuracy.",
    ],
  },
  {
    id: 'liability',
    title: 'Limitations of Liability',
    body: [
      'In no event will we or our directors, employees or agents be liable to you for any indirect, consequential, exemplary, incidental, special or punitive damages, including lost profit, lost revenue or loss of data, arising from your use of the services, even if we have been advised of the possibility of such damages. Where the law does not allow such damages to be excluded, our total liability to you for any cause is limited to the amount, if any, that you paid us for the services in the twelve months before the cause of action arose. Some of these limitations may not apply to you if the law where you live grants you rights that cannot be waived.',
    ],
  },
  {
    id: 'indemnification',
    title: 'Indemnification',
    body: [
      'You agree to defend, indemnify and hold us harmless from any loss, damage, liability, claim or demand, including reasonable legal fees, made by any third party due to or arising out of your use of the services, your breach of these terms, or your violation of the rights of a third party. We reserve the right, at your expense, to assume the exclusive defence and control of any matter for which you must indemnify us. You agree to cooperate with that defence, and we will make reasonable efforts to notify you of any such claim once we become aware of it.',
    ],
  },
  {
    id: 'user-data',
    title: 'User Data',
    body: [
      'We keep certain data that you transmit to the services in order to manage their performance, as well as data about your use of them. Although we perform regular backups, you are responsible for the data you transmit, and we are not liable for any loss or corruption of such data.',
    ],
  },
  {
    id: 'electronic',
    title: 'Electronic Communications, Transactions and Signatures',
    body: [
      'Using the services, sending us e-mails, receiving text messages with one-time codes and completing online forms are electronic communications. You consent to receive electronic communications, and you agree that all agreements, notices and other communications we provide electronically satisfy any legal requirement that they be in writing.',
    ],
  },
  {
    id: 'miscellaneous',
    title: 'Miscellaneous',
    body: [
      'These terms and any policies we post constitute the entire agreement between you and us. Our failure to exercise any right is not a waiver of it. If any provision is found unlawful or unenforceable, it is severed and the remaining provisions stay in full force.',
    ],
  },
  {
    id: 'contact',
    title: 'Contact Us',
    body: [
      'To resolve a complaint about the services or to receive further information about their use, please contact us at the e-mail address or phone number below. We aim to answer every message within two working days. Please include the restaurant name, the date of the order and the phone number you used, so that we can find your receipt quickly.',
    ],
  },
];

export const privacyEn: Section[] = [
  {
    id: 'data-collected',
    title: 'Information We Collect',
    body: [
      'We collect the phone number you give us to save a receipt, the orders you save (restaurant, branch, items, totals, date and time), and, if you use the mobile application, your name, birth date and gender when you choose to provide them. Our servers also record technical data such as your IP address and browser type to keep the service secure.',
    ],
  },
  {
    id: 'third-party-login',
    title: 'Third-Party Login',
    body: [
      'The services may let you sign in with a third-party account, such as Google or Apple. If you do, we receive only the profile information that provider shares with us, such as your name and e-mail address, and we use it only as described in this policy.',
    ],
  },
  {
    id: 'use-sharing',
    title: 'How We Use and Share Your Information',
    body: [
      'We use your information to show and save your receipts, to send you one-time codes, to run and protect the services, and to comply with the law. We share it only with the restaurant whose order you saved, with service providers who process it on our behalf (such as our SMS provider and hosting), or when the law requires it. We do not sell your personal information.',
    ],
  },
  {
    id: 'guestbook',
    title: "When You Join a Restaurant's Rewards",
    body: [
      'When you save a receipt you may tick "Join (the restaurant)\'s rewards: it will know your visits and spend". It is unticked unless you tick it, and it is asked per restaurant: a yes to one restaurant tells no other restaurant anything. We keep when you said yes and which wording you saw. If you did not tick it, the confirmation may offer "Join" for the receipt you just saved: pressing it is the same yes.',
      "With your yes, that restaurant's back-office sees you in its guestbook and among its rewards members: your name if you gave one, your phone number, your first and latest visits, how many receipts you saved there, what you spent, your average ticket, your favourite item, your usual branch, and your points (earned, redeemed at its tills, returned, expired). Without your yes, the restaurant sees none of this about you and your receipts earn no points; your saved receipts only add, without your name or number, to its totals (how many receipts were saved and how much was spent).",
      "Your points: a saved receipt earns the restaurant's points for what you paid, and the fraction of a point left over is kept for your next receipt. An order the restaurant later returns or voids takes back the points it earned, and gives back a reward you spent on it. Points you do not use expire when the restaurant's program says so after a time without earning or redeeming; My receipts shows the date in advance. At the till, the cashier scans the code shown in My receipts: it holds only your phone number and its country code, never your name.",
      'To stop it, open My receipts (/user/receipts), sign in, and choose "Withdraw" beside the restaurant: you leave its guestbook and its rewards at once (your points there are lost, and the page says so before you confirm), and it can no longer find or export you. "Delete my data" removes every such yes, your memberships and the record of your points together with your account.',
    ],
  },
  {
    id: 'opt-out',
    title: 'Opting Out',
    body: [
      'You can stop receiving promotional messages at any time by following the instructions in them or by contacting us. One-time codes are sent only when you ask for them, and you can decline to provide optional profile information.',
    ],
  },
  {
    id: 'security',
    title: 'Keeping Your Information Safe',
    body: [
      'We use organisational and technical measures to protect your information: codes are stored only in hashed form, connections are encrypted, and access is limited to staff who need it. No method of transmission over the internet is completely secure, so we cannot promise absolute security.',
    ],
  },
  {
    id: 'deletion',
    title: 'Account Deletion',
    body: [
      'You can ask us to delete your account at any time by contacting us. Upon your request we deactivate the account and your data is generally deleted within 3 working days of the request, except where we must keep some information to prevent fraud, resolve disputes or comply with legal obligations.',
      'If you share a saved receipt from My receipts, anyone with its link can see that receipt - the restaurant, branch, order and check numbers, date, items, totals, VAT and e-invoice QR code - but never your phone number or name. The link works for 30 days, until you choose "Stop sharing", or until you delete your data, whichever comes first; search engines are asked not to list it.',
      'You can also do it yourself: open My receipts (/user/receipts), sign in with your phone number and the code we text you, and choose "Delete my data". After a fresh code, your account and every receipt you saved are deleted at once - not kept in an anonymised form - and we confirm it on screen and by SMS. The restaurant keeps its own record of the sale in its point-of-sale system, as the law requires of it; our copy was yours, so it goes. The back-office log notes that a customer deleted their data, without your phone number.',
    ],
  },
  {
    id: 'retention',
    title: 'How Long We Keep Information',
    body: [
      "The receipts we read from a restaurant's point-of-sale system, so that you can see and save them at the till, are deleted {posDays} days after the order closed, whether or not anyone saved them. A receipt you saved is your copy in your account: it stays until you delete your data, or your account is deleted.",
      'When your account is deleted - by you with "Delete my data", or by us at your request - every receipt you saved is deleted with it.',
      'The back-office activity log (for example, that a customer deleted their data, without the phone number) is deleted after {activityDays} days.',
    ],
  },
  {
    id: 'changes',
    title: 'Changes to This Policy',
    body: [
      'We may update this privacy policy from time to time. The updated version will be indicated by a revised date and will take effect as soon as it is published here; we encourage you to review it regularly.',
    ],
  },
];
