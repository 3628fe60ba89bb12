/**
 * The reading order of one folder that an Azure DevOps wiki's `.order` file gives (`.order` at `orderPath`, a content
 * path): one page name per line, the file name without `.md`, as the folder's pages are to be read.
 */
export function folderOrder(orderPath: string, text: string): Map<string, number> {
  const folder = orderPath.includes('/') ? orderPath.slice(0, orderPath.lastIndexOf('/') + 1) : '';
  const order = new Map<string, number>();
  for (const line of text.split(/\r?\n/)) {
    const name = line.trim();
    if (!name || name.includes('/') || name === '.' || name === '..') continue;
    const path = `${folder}${name}.md`;
    if (!order.has(path)) order.set(path, order.size + 1);
  }
  return order;
}
