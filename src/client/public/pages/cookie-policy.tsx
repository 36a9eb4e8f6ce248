/** /legal/cookiebeleid: the cookie policy page of the consent feature, with its data layer and metadata. */
import { QueryClientProvider } from "@tanstack/react-query";
import type { PageMeta } from "@shared/content/seo";
import { CookiePolicyPage } from "@client/features/consent/cookie-policy-page";
import { seedInitialQueryData } from "@client/lib/initial-query-data";
import { queryClient } from "@client/lib/query-client";

seedInitialQueryData(queryClient);

const META: PageMeta = {
  title: "Cookiebeleid",
  path: "/legal/cookiebeleid",
  description:
    "Welke cookies Balans gebruikt, waarvoor, hoe lang ze bewaard blijven en hoe je je toestemming op elk moment wijzigt.",
  keywords: ["cookiebeleid", "cookies", "toestemming", "privacy"],
};

export const getMeta = () => META;

export function Page() {
  return (
    <QueryClientProvider client={queryClient}>
      <CookiePolicyPage />
    </QueryClientProvider>
  );
}
