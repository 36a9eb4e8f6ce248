/**
 * The text of cookie policy version 1.0.0, stored with it in cookie_policy_versions. Paragraphs are separated by
 * a blank line; a line starting with "## " is a heading. The inventory table is rendered from the stored
 * inventory, not from this text.
 */
export const COOKIE_POLICY_CONTENT = `## Wat zijn cookies?
Cookies zijn kleine tekstbestanden die een website in je browser opslaat. Balans gebruikt daarnaast de lokale opslag van je browser (localStorage) om je cookievoorkeuren te onthouden. In dit beleid noemen we beide "cookies".

## Welke cookies gebruikt Balans?
Essentiële cookies zijn nodig om Balans te laten werken: ze houden je ingelogd, beschermen tegen misbruik en onthouden je cookievoorkeuren. Hiervoor is geen toestemming nodig (Telecommunicatiewet artikel 11.7a lid 3); je kunt ze niet uitzetten.

Functionele, analytische en marketingcookies plaatsen we alleen als je daar toestemming voor geeft. Niets staat vooraf aangevinkt, en weigeren is net zo eenvoudig als accepteren. Zolang je geen keuze hebt gemaakt, plaatsen we alleen essentiële cookies en laden we geen scripts van derden.

Op dit moment zijn er geen analytische of marketingdiensten van derden ingeschakeld. De cookies van die diensten staan hieronder toch vermeld, zodat je vooraf weet wat er zou gebeuren als we ze inschakelen. Voordat dat gebeurt, passen we dit beleid aan en vragen we je opnieuw om toestemming.

## Je toestemming wijzigen of intrekken
Je kunt je keuze altijd wijzigen of intrekken via "Cookie-instellingen" onderaan elke pagina, of in de app via het gebruikersmenu. Trek je toestemming voor een categorie in, dan verwijderen we de cookies van die categorie direct uit je browser.

## Bewijs van toestemming
Wij zijn verplicht aan te tonen dat je toestemming hebt gegeven (AVG artikel 7 lid 1). Daarom bewaren we bij elke keuze: een willekeurige code van je browser, de gekozen categorieën, het tijdstip, de manier waarop je koos (banner of instellingen), de versie van dit beleid, de pagina, je IP-adres en je browsertype. Deze gegevens gebruiken we nergens anders voor.

## Je rechten
Je hebt het recht op inzage, correctie en verwijdering van je gegevens. Een verzoek kun je indienen via de privacy-instellingen; we reageren binnen een maand (AVG artikel 12 lid 3). Heb je een klacht, dan kun je die indienen bij de Autoriteit Persoonsgegevens.`;
