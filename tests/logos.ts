import { Resvg } from "@resvg/resvg-js";

/** Test logos: an SVG, the PNG it renders to, and a small real JPEG (48×16, made with pdftoppm). */
export const SVG_LOGO =
  '<svg xmlns="http://www.w3.org/2000/svg" width="240" height="80" viewBox="0 0 240 80">' +
  '<rect width="240" height="80" rx="12" fill="#1d4ed8"/><circle cx="40" cy="40" r="24" fill="#facc15"/>' +
  '<rect x="80" y="28" width="140" height="24" fill="#ffffff"/></svg>';

export const PNG_LOGO: Buffer = Buffer.from(new Resvg(SVG_LOGO).render().asPng());

export const JPEG_LOGO: Buffer = Buffer.from(
  "/9j/4AAQSkZJRgABAQEAHAAcAAD/2wBDABQODxIPDRQSEBIXFRQYHjIhHhwcHj0sLiQySUBMS0dARkVQWnNiUFVtVkVGZIhlbXd7" +
    "gYKBTmCNl4x9lnN+gXz/2wBDARUXFx4aHjshITt8U0ZTfHx8fHx8fHx8fHx8fHx8fHx8fHx8fHx8fHx8fHx8fHx8fHx8fHx8fHx8" +
    "fHx8fHx8fHz/wAARCAAQADADASIAAhEBAxEB/8QAHwAAAQUBAQEBAQEAAAAAAAAAAAECAwQFBgcICQoL/8QAtRAAAgEDAwIEAwUF" +
    "BAQAAAF9AQIDAAQRBRIhMUEGE1FhByJxFDKBkaEII0KxwRVS0fAkM2JyggkKFhcYGRolJicoKSo0NTY3ODk6Q0RFRkdISUpTVFVW" +
    "V1hZWmNkZWZnaGlqc3R1dnd4eXqDhIWGh4iJipKTlJWWl5iZmqKjpKWmp6ipqrKztLW2t7i5usLDxMXGx8jJytLT1NXW19jZ2uHi" +
    "4+Tl5ufo6erx8vP09fb3+Pn6/8QAHwEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoL/8QAtREAAgECBAQDBAcFBAQAAQJ3AAEC" +
    "AxEEBSExBhJBUQdhcRMiMoEIFEKRobHBCSMzUvAVYnLRChYkNOEl8RcYGRomJygpKjU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVm" +
    "Z2hpanN0dXZ3eHl6goOEhYaHiImKkpOUlZaXmJmaoqOkpaanqKmqsrO0tba3uLm6wsPExcbHyMnK0tPU1dbX2Nna4uPk5ebn6Onq" +
    "8vP09fb3+Pn6/9oADAMBAAIRAxEAPwDLooor3ThLn2RArOzNsxuTHVhjJ/mP19KgmjVNhUna67gD1HJH9KaJZFKkOw2cLg9PpSO7" +
    "OxZ2LMe5OalJ9R6DaKKKoR//2Q==",
  "base64",
);
