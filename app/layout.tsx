import type { Metadata } from "next";
import { GeistSans } from "geist/font/sans";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Skycast Platform", template: "%s · Skycast Platform" },
  description: "Weather intelligence, trip planning and developer access for travel apps.",
};

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en" className={GeistSans.variable}>
      <body className="min-h-screen bg-slate-50 text-slate-900 antialiased font-sans">{children}</body>
    </html>
  );
}
