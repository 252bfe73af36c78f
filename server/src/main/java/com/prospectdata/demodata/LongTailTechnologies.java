package com.prospectdata.demodata;

import java.util.ArrayList;
import java.util.List;

/**
 * The long tail of website technologies beyond the core catalogue in {@link DemoVocabulary}: large corporate
 * sites pile up tags, pixels, widgets and libraries until scans list hundreds of technologies, and demo data
 * needs enough distinct real names to show that. Order matters for the same reason as in the vocabulary: the
 * generator draws by index.
 */
final class LongTailTechnologies {

    private LongTailTechnologies() {
    }

    /*
     * Kept as text because hundreds of tech(...) calls would bury the catalogue. Each line is
     * "category: Name, Name [1.0 2.0], ..."; square brackets hold the versions a scanner might report,
     * separated by spaces. A category may continue on further lines so lines stay readable. Names can
     * therefore contain neither commas nor square brackets; colons are fine, as only the first one on a
     * line ends the category.
     */
    private static final String CATALOG = """
            analytics: Amplitude, Mixpanel, Heap, Piwik PRO, Fathom, Chartbeat, Parse.ly, StatCounter, Yandex.Metrika
            analytics: etracker, Mapp Intelligence, Piano Analytics, comScore, Microsoft Clarity, Crazy Egg, Mouseflow
            analytics: Lucky Orange, FullStory, Contentsquare, Quantum Metric, Pendo, PostHog, Segment
            analytics: Tealium AudienceStream, Adobe Audience Manager, Cloudflare Web Analytics
            tag_manager: Tealium iQ, Adobe Experience Platform Launch, Ensighten, Commanders Act, Stape
            advertising: Google AdSense, Google Publisher Tag, DoubleClick Floodlight, Microsoft Advertising
            advertising: TikTok Pixel, Pinterest Tag, Snap Pixel, X Ads, Reddit Pixel, Criteo, Taboola, Outbrain, AdRoll
            advertising: The Trade Desk, Amazon Publisher Services, Xandr, Index Exchange
            advertising: Prebid.js [7.54.0 8.52.0 9.20.0], PubMatic, Teads, Adform, Awin, Impact
            marketing_automation: Klaviyo, ActiveCampaign, Oracle Eloqua, Salesforce Marketing Cloud, Braze, Customer.io
            marketing_automation: Omnisend, GetResponse, CleverReach, Emarsys, Adobe Campaign, MailerLite
            marketing_automation: Constant Contact, Act-On, Inxmail, Dotdigital, OptinMonster, Sleeknote, Wisepops
            marketing_automation: Demandbase, 6sense, Leadfeeder, Lead Forensics, ZoomInfo, Unbounce, OneSignal
            crm: Salesforce, Pipedrive, Zoho CRM, Freshsales, Microsoft Dynamics 365, SugarCRM
            ab_testing: Optimizely, VWO, AB Tasty, Kameleoon, Google Optimize, Adobe Target, Convert Experiences
            ab_testing: LaunchDarkly, Dynamic Yield, Monetate, Nosto, Insider
            search: Algolia, Elasticsearch, Coveo, Bloomreach Discovery, Klevu, Doofinder, Yext, Findologic
            search: Site Search 360, Cludo
            reviews: Trustpilot, Yotpo, Bazaarvoice, PowerReviews, Feefo, REVIEWS.io, eKomi, Trusted Shops, ProvenExpert
            reviews: Judge.me
            video_player: YouTube, Vimeo, Wistia, Brightcove, JW Player [8.26.0 8.33.2], Kaltura, Vidyard
            video_player: Video.js [7.21.1 8.6.1 8.10.0], Plyr [3.7.2 3.7.8], hls.js [1.4.12 1.5.7]
            maps: Google Maps, Mapbox, Leaflet [1.7.1 1.9.4], OpenStreetMap, OpenLayers, HERE Maps
            maps: MapLibre GL JS [3.6.2 4.1.1]
            font_script: Adobe Fonts, Fonts.com, Bunny Fonts, Ionicons [5.5.2 7.1.0], Material Icons, Material Symbols
            font_script: Bootstrap Icons [1.10.5 1.11.3], Remix Icon, Line Awesome
            javascript_library: Lodash [4.17.15 4.17.21], Underscore.js [1.8.3 1.13.6], Moment.js [2.24.0 2.29.4 2.30.1]
            javascript_library: Day.js [1.11.10 1.11.13], date-fns [2.30.0 3.6.0], core-js [2.6.12 3.33.3 3.38.1]
            javascript_library: Swiper [8.4.7 9.4.1 11.1.14], Slick [1.8.1 1.9.0], Owl Carousel [2.3.4]
            javascript_library: Flickity [2.3.0], Splide [4.1.4], GSAP [3.11.5 3.12.5], Lottie [5.10.2 5.12.2]
            javascript_library: AOS [2.3.4], ScrollMagic, Three.js [r128 r160], D3 [5.16.0 7.8.5]
            javascript_library: Chart.js [2.9.4 3.9.1 4.4.1], Highcharts [10.3.3 11.4.0], Axios [0.27.2 1.6.8]
            javascript_library: Modernizr [2.8.3 3.6.0], Polyfill.io, RequireJS [2.3.6], lazysizes [5.3.2]
            javascript_library: Fancybox [3.5.7 5.0.36], Lightbox, PhotoSwipe [4.1.3 5.4.3], Magnific Popup [1.1.0]
            javascript_library: Select2 [4.0.13 4.1.0], Popper [1.16.1 2.11.8], Isotope [3.0.6], imagesLoaded, Lenis
            javascript_library: Handlebars [4.7.7 4.7.8], Mustache, jQuery UI [1.12.1 1.13.2]
            javascript_library: jQuery Migrate [1.4.1 3.3.2 3.4.1], web-vitals [3.5.2 4.2.3], Workbox [6.5.4 7.0.0]
            javascript_library: Prism, MathJax [2.7.7 3.2.2], SweetAlert2, flatpickr, js-cookie [2.2.1 3.0.5]
            javascript_library: DataTables [1.10.21 1.13.8 2.0.3], TinyMCE
            javascript_framework: Svelte, Preact, Ember.js, Backbone.js, Knockout.js, AngularJS [1.5.8 1.7.9 1.8.2]
            javascript_framework: Stimulus, htmx [1.9.10 2.0.3], Gatsby, Astro
            ui_framework: Foundation [5.5.3 6.7.5], Bulma [0.9.4 1.0.2], Materialize CSS, Semantic UI
            ui_framework: UIkit [3.17.11 3.21.6], MUI, Ant Design, Vuetify, Animate.css [3.7.2 4.1.1]
            ui_framework: Normalize.css [8.0.1], Kendo UI, Ionic, styled-components
            cms: Sitecore, Contao, Joomla, Umbraco, Kentico, Optimizely CMS, Magnolia, CoreMedia, FirstSpirit, Craft CMS
            cms: Ghost, Squarespace, Wix, Jimdo, Storyblok, Sanity, Prismic, Strapi, Pimcore, Liferay
            ecommerce: BigCommerce, PrestaShop, OpenCart, SAP Commerce Cloud, commercetools, Spryker, OXID eShop
            ecommerce: JTL-Shop, Gambio, plentymarkets, VTEX, Intershop, Recharge, Smile.io, parcelLab, Sendcloud
            payment: Adyen, Braintree, Mollie, Apple Pay, Google Pay, Amazon Pay, Afterpay, Affirm, Shop Pay, Worldpay
            payment: Checkout.com, Unzer, Computop, PAYONE, Ratepay, Sofort, iDEAL, Trustly, Chargebee, TWINT
            live_chat: LiveChat, Drift, Tidio, Crisp, Olark, tawk.to, Zoho SalesIQ, Freshchat, LivePerson, Userlike
            live_chat: Gorgias, Help Scout, Smartsupp, Qualified, Trengo, Salesforce Live Agent, Ada, Landbot, Freshdesk
            live_chat: ServiceNow
            feedback: Qualtrics, Medallia, Usabilla, SurveyMonkey, UserVoice, Survicate, Qualaroo, Mopinion
            widgets: AddThis, ShareThis, AddToAny, Disqus, Elfsight, Calendly, OpenTable, Weglot, Google Translate
            widgets: Typeform, Jotform, Gravity Forms, Contact Form 7, Issuu, Workable, Personio, Greenhouse, Lever
            widgets: SmartRecruiters, softgarden
            accessibility: UserWay, AudioEye, accessiBe, Eye-Able, Siteimprove, ReadSpeaker
            security: Imperva, Akamai Bot Manager, Cloudflare Bot Management, DataDome, HUMAN Security, Sucuri
            security: Wordfence, F5 BIG-IP, AWS WAF, Forter, Queue-it, HSTS, Let's Encrypt, DigiCert, Sectigo, hCaptcha
            security: Cloudflare Turnstile, Friendly Captcha
            cdn: BunnyCDN, KeyCDN, StackPath, Azure CDN, Google Cloud CDN, unpkg, cdnjs, Google Hosted Libraries
            cdn: Cloudinary, imgix
            hosting: Amazon Web Services, Amazon S3, Microsoft Azure, Google Cloud, DigitalOcean, Hetzner, OVHcloud
            hosting: IONOS, STRATO, WP Engine, Kinsta, Pantheon, Acquia, Platform.sh, Heroku, Netlify, Vercel
            hosting: GitHub Pages, Firebase, SiteGround, GoDaddy, Raidboxes
            web_server: Caddy [2.7.6 2.8.4], OpenResty [1.21.4.3 1.25.3.1], Envoy, HAProxy, Varnish [6.0 7.5]
            web_server: Apache Tomcat [9.0.83 10.1.24], Jetty [9.4.53 12.0.10], Gunicorn, Kestrel, Phusion Passenger
            web_framework: Express, Laravel [9 10 11], Symfony [5.4 6.4 7.1], Django [4.2 5.0], Flask
            web_framework: Ruby on Rails [6.1 7.1], Spring, CodeIgniter, CakePHP, Yii
            programming_language: Go, Perl, Scala, Kotlin, Elixir
            rum: New Relic, Datadog, Dynatrace, AppDynamics, Sentry [7.120.0 8.33.1], Bugsnag, Raygun, Rollbar
            rum: Akamai mPulse, SpeedCurve
            email: Google Workspace, Microsoft 365, Proofpoint, Mimecast, SendGrid, Mailgun
            miscellaneous: Open Graph, RSS, HTTP/3, PWA, Webpack, Vite, Yoast SEO, Rank Math, WP Rocket, Autoptimize
            miscellaneous: Elementor, Divi, Advanced Custom Fields, WPML
            """;

    static final List<DemoVocabulary.Tech> ALL = parse(CATALOG);

    private static List<DemoVocabulary.Tech> parse(String catalog) {
        List<DemoVocabulary.Tech> techs = new ArrayList<>();
        catalog.lines().filter(line -> !line.isBlank()).forEach(line -> {
            int colon = line.indexOf(':');
            if (colon < 0) {
                throw new IllegalStateException("Catalogue line without a category: " + line);
            }
            String category = line.substring(0, colon).strip();
            for (String entry : line.substring(colon + 1).split(",")) {
                techs.add(parseEntry(category, entry.strip(), line));
            }
        });
        return List.copyOf(techs);
    }

    private static DemoVocabulary.Tech parseEntry(String category, String entry, String line) {
        int open = entry.indexOf('[');
        String name = open < 0 ? entry : entry.substring(0, open).strip();
        // Fail at class load rather than let a typo in the catalogue turn into odd demo data.
        if (name.isEmpty() || entry.indexOf(']') != (open < 0 ? -1 : entry.length() - 1)) {
            throw new IllegalStateException("Malformed catalogue entry '" + entry + "' in line: " + line);
        }
        if (open < 0) {
            return DemoVocabulary.tech(name, category);
        }
        String versions = entry.substring(open + 1, entry.length() - 1).strip();
        if (versions.isEmpty()) {
            throw new IllegalStateException("Empty version list in catalogue entry '" + entry + "'");
        }
        return DemoVocabulary.tech(name, category, versions.split("\\s+"));
    }
}
