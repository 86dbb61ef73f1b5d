// Each page names itself in the browser tab: "Pricing · TitleLedger", or just the product name.
import { useEffect } from 'react';

import { PRODUCT_NAME } from '@/lib/site';

export function useDocumentTitle(pageTitle?: string): void {
  useEffect(() => {
    document.title = pageTitle ? `${pageTitle} · ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [pageTitle]);
}
