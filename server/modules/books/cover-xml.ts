/** Text made safe inside an SVG element or attribute. */
export const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
