//! The seed catalogue's imagery, drawn as SVG: garments on a hanger for
//! product shots, editorial compositions for banners, runway scenes, portraits
//! and news posters. No network, no binary assets, and every picture looks
//! intentional: a house palette, soft light, one subject.

/// A garment's cut, which decides its silhouette.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cut {
    Gown,
    Dress,
    Suit,
    Coat,
    Top,
    AoDai,
}

/// The hex colour of a fabric colour name; unknown names get a warm grey.
pub fn fabric(color: &str) -> &'static str {
    match color.to_ascii_lowercase().as_str() {
        "black" => "#1c1b1a",
        "ivory" => "#efe8da",
        "white" => "#f8f6f1",
        "champagne" => "#e2cfae",
        "navy" => "#1f2a44",
        "emerald" => "#1d5a48",
        "burgundy" => "#6a1d2c",
        "blush" => "#e6c2ba",
        "gold" => "#c8a25a",
        "silver" => "#bfc0c7",
        "camel" => "#b48957",
        "charcoal" => "#3a3938",
        "red" => "#a0151f",
        "sage" => "#a5b399",
        "lavender" => "#b8a8cd",
        _ => "#8d877f",
    }
}

/// Whether a colour is light enough to need a darker backdrop.
fn is_light(hex: &str) -> bool {
    let channel = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).unwrap_or(0) as u32;
    (channel(1) * 299 + channel(3) * 587 + channel(5) * 114) / 1000 > 170
}

fn svg(width: u32, height: u32, body: &str) -> String {
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {width} {height}\" width=\"{width}\" height=\"{height}\">{body}</svg>"
    )
}

fn gradient(id: &str, from: &str, to: &str) -> String {
    format!("<linearGradient id=\"{id}\" x1=\"0\" y1=\"0\" x2=\"0\" y2=\"1\"><stop offset=\"0\" stop-color=\"{from}\"/><stop offset=\"1\" stop-color=\"{to}\"/></linearGradient>")
}

/// The garment's outline in an 800×1066 frame, hanger at the top.
fn outline(cut: Cut) -> &'static str {
    match cut {
        Cut::Gown => "M332 205 Q400 250 468 205 L498 222 L482 300 Q470 360 458 430 Q560 700 660 992 Q400 1040 140 992 Q240 700 342 430 Q330 360 318 300 L302 222 Z",
        Cut::Dress => "M332 205 Q400 250 468 205 L505 225 L488 305 Q474 365 462 430 Q540 600 590 780 Q400 815 210 780 Q260 600 338 430 Q326 365 312 305 L295 225 Z",
        Cut::Suit => "M300 205 L370 200 L400 330 L430 200 L500 205 L560 250 L590 620 L540 628 L520 380 L515 640 L285 640 L280 380 L260 628 L210 620 L240 250 Z M300 652 L500 652 L512 1010 L420 1010 L400 760 L380 1010 L288 1010 Z",
        Cut::Coat => "M305 205 L372 198 L400 345 L428 198 L495 205 L565 255 L598 700 L548 708 L530 420 L548 985 Q400 1005 252 985 L270 420 L252 708 L202 700 L235 255 Z",
        Cut::Top => "M318 205 Q400 245 482 205 L560 245 L610 470 L560 482 L525 340 L520 590 Q400 610 280 590 L275 340 L240 482 L190 470 L240 245 Z",
        Cut::AoDai => "M372 182 L428 182 L432 212 L505 232 L555 520 L518 528 L490 330 L472 470 L468 1000 L412 1000 L410 520 L390 520 L388 1000 L332 1000 L328 470 L310 330 L282 528 L245 520 L295 232 L368 212 Z",
    }
}

/// Fold lines drawn over the fabric, so it reads as cloth rather than a cut-out.
fn folds(cut: Cut) -> &'static str {
    match cut {
        Cut::Gown => {
            "M400 440 Q398 720 380 1000 M440 450 Q500 720 560 990 M360 450 Q300 720 240 990"
        }
        Cut::Dress => {
            "M400 440 Q398 620 392 790 M440 450 Q490 620 520 785 M360 450 Q310 620 280 785"
        }
        Cut::Suit => "M400 330 L400 640 M330 470 L372 470 M400 760 L400 1005",
        Cut::Coat => "M400 345 L400 990 M385 520 L385 522 M385 620 L385 622 M385 720 L385 722",
        Cut::Top => "M400 250 L400 600 M340 420 Q400 440 460 420",
        Cut::AoDai => "M400 212 L400 520 M372 200 Q400 215 428 200",
    }
}

/// A product shot: the garment on a hanger. `variant` 0 is the light studio
/// view, 1 the evening view shown on hover.
pub fn product_shot(cut: Cut, color: &str, variant: u8) -> String {
    let cloth = fabric(color);
    let (top, bottom, hanger) = match (variant, is_light(cloth)) {
        (0, false) => ("#f5f2ec", "#e4ded4", "#8b7d67"),
        (0, true) => ("#d8d1c6", "#b9b0a2", "#6f6354"),
        (_, false) => ("#3b3835", "#1d1b19", "#c8a25a"),
        (_, true) => ("#2a2826", "#121110", "#c8a25a"),
    };
    let body = format!(
        "<defs>{}<radialGradient id=\"light\" cx=\"0.5\" cy=\"0.35\" r=\"0.6\"><stop offset=\"0\" stop-color=\"#fff\" stop-opacity=\"0.35\"/><stop offset=\"1\" stop-color=\"#fff\" stop-opacity=\"0\"/></radialGradient></defs>\
         <rect width=\"800\" height=\"1066\" fill=\"url(#bg)\"/><rect width=\"800\" height=\"1066\" fill=\"url(#light)\"/>\
         <ellipse cx=\"400\" cy=\"1030\" rx=\"250\" ry=\"14\" fill=\"#000\" opacity=\"0.12\"/>\
         <path d=\"M400 95 q22 0 22 22 q0 18 -22 26 L400 160 M300 206 Q400 150 500 206\" fill=\"none\" stroke=\"{hanger}\" stroke-width=\"7\" stroke-linecap=\"round\"/>\
         <path d=\"{}\" fill=\"{cloth}\"/>\
         <path d=\"{}\" fill=\"none\" stroke=\"#000\" stroke-opacity=\"0.16\" stroke-width=\"3\" stroke-linecap=\"round\"/>\
         <path d=\"{}\" fill=\"none\" stroke=\"#fff\" stroke-opacity=\"0.10\" stroke-width=\"10\"/>",
        gradient("bg", top, bottom),
        outline(cut),
        folds(cut),
        outline(cut),
    );
    svg(800, 1066, &body)
}

/// A wide editorial banner: the title in spaced capitals over three garments.
pub fn banner(
    title: &str,
    subtitle: &str,
    cuts: [Cut; 3],
    colors: [&str; 3],
    dark: bool,
) -> String {
    let (top, bottom, ink, rule) = if dark {
        ("#2b2926", "#0f0e0d", "#f5f1ea", "#c8a25a")
    } else {
        ("#f4efe7", "#ddd4c6", "#161514", "#8b6f3e")
    };
    let garments: String = cuts
        .iter()
        .zip(colors)
        .enumerate()
        .map(|(i, (cut, color))| {
            let x = 860 + i as i32 * 230;
            format!(
                "<g transform=\"translate({x} 90) scale(0.52)\"><path d=\"{}\" fill=\"{}\"/><path d=\"{}\" fill=\"none\" stroke=\"#000\" stroke-opacity=\"0.18\" stroke-width=\"4\"/></g>",
                outline(*cut),
                fabric(color),
                folds(*cut)
            )
        })
        .collect();
    let body = format!(
        "<defs>{}</defs><rect width=\"1600\" height=\"700\" fill=\"url(#bg)\"/>\
         <text x=\"120\" y=\"300\" font-family=\"Helvetica, Arial, sans-serif\" font-size=\"64\" letter-spacing=\"14\" fill=\"{ink}\">{}</text>\
         <line x1=\"120\" y1=\"345\" x2=\"360\" y2=\"345\" stroke=\"{rule}\" stroke-width=\"2\"/>\
         <text x=\"120\" y=\"400\" font-family=\"Helvetica, Arial, sans-serif\" font-size=\"24\" letter-spacing=\"8\" fill=\"{ink}\" opacity=\"0.8\">{}</text>{garments}",
        gradient("bg", top, bottom),
        escape(&title.to_uppercase()),
        escape(&subtitle.to_uppercase()),
    );
    svg(1600, 700, &body)
}

/// A model's figure in a gown, for runway scenes and portraits.
fn figure(x: f32, y: f32, scale: f32, color: &str) -> String {
    format!(
        "<g transform=\"translate({x} {y}) scale({scale})\"><circle cx=\"400\" cy=\"110\" r=\"48\" fill=\"#d9b99b\"/><path d=\"M382 150 L418 150 L422 205 L378 205 Z\" fill=\"#d9b99b\"/><path d=\"{}\" fill=\"{}\"/></g>",
        outline(Cut::Gown),
        fabric(color)
    )
}

/// A runway scene: a lit catwalk converging to the back, models walking.
pub fn runway_scene(colors: &[&str], accent: &str) -> String {
    let models: String = colors
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let depth = i as f32;
            let scale = 0.42 - depth * 0.09;
            let x = 800.0 - 400.0 * scale + (depth - 1.0) * 60.0;
            figure(x, 170.0 + depth * 60.0, scale, c)
        })
        .rev()
        .collect();
    let body = format!(
        "<defs>{}<radialGradient id=\"spot\" cx=\"0.5\" cy=\"0.1\" r=\"0.7\"><stop offset=\"0\" stop-color=\"{accent}\" stop-opacity=\"0.45\"/><stop offset=\"1\" stop-color=\"#000\" stop-opacity=\"0\"/></radialGradient></defs>\
         <rect width=\"1600\" height=\"700\" fill=\"url(#bg)\"/><rect width=\"1600\" height=\"700\" fill=\"url(#spot)\"/>\
         <path d=\"M700 330 L900 330 L1300 700 L300 700 Z\" fill=\"#e9e4dc\" opacity=\"0.9\"/>\
         <path d=\"M800 330 L800 700\" stroke=\"#cfc7ba\" stroke-width=\"2\"/>{models}",
        gradient("bg", "#151413", "#2c2926"),
    );
    svg(1600, 700, &body)
}

/// A portrait: a guest of the show against a coloured backdrop.
pub fn portrait(backdrop: &str, gown: &str) -> String {
    let body = format!(
        "<defs>{}</defs><rect width=\"600\" height=\"800\" fill=\"url(#bg)\"/>{}",
        gradient("bg", fabric(backdrop), "#141312"),
        figure(60.0, 40.0, 0.6, gown),
    );
    svg(600, 800, &body)
}

/// A news poster: a headline band and a garment study.
pub fn poster(kicker: &str, cut: Cut, color: &str) -> String {
    let body = format!(
        "<defs>{}</defs><rect width=\"1200\" height=\"800\" fill=\"url(#bg)\"/>\
         <g transform=\"translate(620 40) scale(0.68)\"><path d=\"{}\" fill=\"{}\"/></g>\
         <text x=\"90\" y=\"560\" font-family=\"Helvetica, Arial, sans-serif\" font-size=\"30\" letter-spacing=\"10\" fill=\"#f5f1ea\">{}</text>\
         <line x1=\"90\" y1=\"600\" x2=\"300\" y2=\"600\" stroke=\"#c8a25a\" stroke-width=\"2\"/>",
        gradient("bg", "#3a3733", "#161514"),
        outline(cut),
        fabric(color),
        escape(&kicker.to_uppercase()),
    );
    svg(1200, 800, &body)
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pictures_are_well_formed_svg() {
        for picture in [
            product_shot(Cut::Gown, "Ivory", 0),
            product_shot(Cut::Suit, "Navy", 1),
            banner(
                "Lotus & Reverie",
                "Spring",
                [Cut::Gown, Cut::Dress, Cut::Coat],
                ["Blush", "Ivory", "Gold"],
                true,
            ),
            runway_scene(&["Black", "Red", "Gold"], "#c8a25a"),
            portrait("Emerald", "Gold"),
            poster("Atelier", Cut::AoDai, "Red"),
        ] {
            assert!(picture.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
            assert!(picture.ends_with("</svg>"));
            assert!(!picture.contains("& "), "text is escaped");
        }
    }

    #[test]
    fn light_fabrics_get_a_darker_backdrop() {
        assert!(is_light(fabric("Ivory")));
        assert!(!is_light(fabric("Black")));
        assert_ne!(
            product_shot(Cut::Gown, "Ivory", 0),
            product_shot(Cut::Gown, "Black", 0).replace(fabric("Black"), fabric("Ivory"))
        );
    }
}
