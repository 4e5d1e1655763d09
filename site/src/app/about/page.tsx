import type { Metadata } from "next";
import { house } from "@/config/house";
import { Logo } from "@/ui/components/layout/logo";
import styles from "./about.module.css";
import { siteMetadata } from "@/lib/seo/pages";

export const metadata: Metadata = siteMetadata("/about/");

export const LOGO_REPEAT = 60;

/** The gallery: stills of the house's runways, taken from the sample catalogue's runway films. */
const GALLERY = [
  { file: "atelier.jpg", caption: "The atelier", alt: "Three silhouettes in evening gowns on the atelier's runway" },
  { file: "embroidery.jpg", caption: "Hand embroidery", alt: "Embroidered gowns in soft lotus tones under the lights" },
  { file: "silk.jpg", caption: "Silk from the Mekong", alt: "Flowing monsoon-blue silk gowns in procession" },
];

/** About: brand story, image galleries, The Essence; the logo repeated 60 times as decoration. */
export default function AboutPage() {
  return (
    <div className="about">
      <div className="about__wall" aria-hidden="true" data-testid="logo-wall">
        {Array.from({ length: LOGO_REPEAT }, (_, i) => (
          <Logo key={i} inverted decorative className="about__wall-logo" />
        ))}
      </div>
      <div className="container section narrow">
        <div className="page-title">
          <h1>ABOUT {house.name}</h1>
        </div>
        <div className="prose">
          <p>
            {house.name} was founded in {house.address.city} by a designer who grew up among her grandmother&apos;s silk looms. The house marries the discipline of Parisian couture with the soft
            structure of the áo dài: long lines, high collars, hand-laid embroidery and fabrics woven in the Mekong Delta.
          </p>
          <p>Each collection is drafted, cut and finished in our atelier on Đồng Khởi street, where thirty artisans work on pieces that take from forty to four hundred hours.</p>
        </div>
      </div>
      <div className="container about__gallery" aria-label="The atelier">
        {GALLERY.map(({ file, caption, alt }, i) => (
          <figure key={file} className={`about__tile about__tile--${"abc"[i]} ${styles.tile}`}>
            {/* Plain img: the export has no image optimiser; the files are small JPEGs made from the seed's artwork. */}
            <img className={styles.picture} src={`/images/about/${file}`} alt={alt} width={640} height={360} loading="lazy" decoding="async" />
            <figcaption className={styles.caption}>{caption}</figcaption>
          </figure>
        ))}
      </div>
      <section className="container section narrow" aria-labelledby="essence">
        <h2 id="essence" className="section-title">
          The Essence
        </h2>
        <div className="prose">
          <p>Restraint over ornament. Craft over speed. A garment should belong to the woman who wears it, and to no season in particular.</p>
          <p>We make fewer pieces, and make them to last: every seam finished by hand, every hem left generous enough to be altered for years to come.</p>
        </div>
      </section>
    </div>
  );
}
