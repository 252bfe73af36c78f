package com.prospectdata.operator.demodata;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * The words demo data is built from: real cities with their countries, names as people and
 * companies in those countries have them, business types, job titles and a catalogue of website
 * technologies. The words themselves are data, in {@code vocabulary.json} beside this class
 * (in the resources); the kinds (languages, regions, job families) stay here because the
 * generator decides by them. Order matters: the generator draws by index, so editing a list
 * changes the data a seed produces.
 */
final class DemoVocabulary {

    private DemoVocabulary() {
    }

    enum Language { DE, NL, NORDIC, EN, FR, ES, IT, PL }

    enum Region { DACH, BENELUX, NORDICS, UK_IE, FRANCE, IBERIA, ITALY, POLAND, NORTH_AMERICA }

    /** Job families decide which job titles a company posts. */
    enum JobFamily { LOGISTICS, TECH, MANUFACTURING, CONSUMER, AGENCY, ENERGY, FINANCE }

    /** A city; {@code weight} is roughly how many companies it has relative to the others of its region. */
    record Place(String city, String country, Region region, Language language, String tld, String callingCode,
                 String areaCode, int subscriberDigits, int weight) {
    }

    /** A business type and the words a company of that type puts in its name (German and English). */
    record BusinessType(String name, JobFamily family, List<String> germanWords, List<String> englishWords) {
    }

    /** A prospect search: what the customer looks for, where, and how good the matches tend to be. */
    record SearchTheme(String name, List<Region> regions, List<BusinessType> types, double meanScore) {
    }

    /** A technology a website scan can detect; versions empty when scanners report none. */
    record Tech(String name, String category, List<String> versions) {
    }

    /** Technologies any site may carry besides its core stack, with how often they turn up. */
    record Extra(Tech tech, double share) {
    }

    /** The file as written; the kinds are read by their names. */
    private record VocabularyFile(
            List<Place> places,
            Map<String, String> localCityNames,
            Map<String, List<String>> legalForms,
            Map<Language, List<String>> companyNameStems,
            Map<Language, List<String>> surnames,
            Map<Language, List<String>> firstNames,
            Map<String, BusinessType> businessTypes,
            List<SearchThemeEntry> searchThemes,
            List<String> contactTitles,
            List<String> germanContactTitles,
            Map<JobFamily, List<String>> jobTitles,
            List<String> genericJobTitles,
            Map<JobFamily, List<String>> germanJobTitles,
            List<String> germanGenericJobTitles,
            List<PlatformEntry> jobPlatforms,
            List<Tech> coreTechnologies,
            List<Extra> extraTechnologies) {
    }

    /** A search theme names its business types by their keys in {@code businessTypes}. */
    private record SearchThemeEntry(String name, List<Region> regions, List<String> businessTypes, double meanScore,
                                    double share) {
    }

    private record PlatformEntry(String name, double shareInDach, double shareElsewhere) {
    }

    private static final VocabularyFile FILE = read("vocabulary.json");

    static final List<Place> PLACES = FILE.places();

    /** Cities by their own name where English has another (company names use these). */
    static final Map<String, String> LOCAL_CITY_NAMES = FILE.localCityNames();

    /** Legal forms by country, the most common first (the generator prefers it). */
    static final Map<String, List<String>> LEGAL_FORMS = FILE.legalForms();

    static final Map<Language, List<String>> STEMS = complete(FILE.companyNameStems(), Language.values(), "companyNameStems");
    static final Map<Language, List<String>> SURNAMES = complete(FILE.surnames(), Language.values(), "surnames");
    static final Map<Language, List<String>> FIRST_NAMES = complete(FILE.firstNames(), Language.values(), "firstNames");

    /** In order of size: the first search gets the most companies. */
    static final List<SearchTheme> SEARCH_THEMES = FILE.searchThemes().stream()
            .map(theme -> new SearchTheme(theme.name(), List.copyOf(theme.regions()),
                    theme.businessTypes().stream().map(DemoVocabulary::businessType).toList(), theme.meanScore()))
            .toList();

    /** Share of the companies each search gets (skewed: a few big searches, several small ones). */
    static final double[] SEARCH_SHARES = FILE.searchThemes().stream().mapToDouble(SearchThemeEntry::share).toArray();

    static final List<String> TITLES = FILE.contactTitles();
    static final List<String> GERMAN_TITLES = FILE.germanContactTitles();
    static final Map<JobFamily, List<String>> JOB_TITLES = complete(FILE.jobTitles(), JobFamily.values(), "jobTitles");
    static final List<String> GENERIC_JOB_TITLES = FILE.genericJobTitles();
    static final Map<JobFamily, List<String>> GERMAN_JOB_TITLES =
            complete(FILE.germanJobTitles(), JobFamily.values(), "germanJobTitles");
    static final List<String> GERMAN_GENERIC_JOB_TITLES = FILE.germanGenericJobTitles();

    static final List<String> PLATFORMS = FILE.jobPlatforms().stream().map(PlatformEntry::name).toList();
    /** Platform shares: in DACH StepStone matters, elsewhere LinkedIn and Indeed dominate. */
    static final double[] PLATFORM_SHARES_DACH = FILE.jobPlatforms().stream().mapToDouble(PlatformEntry::shareInDach).toArray();
    static final double[] PLATFORM_SHARES_ELSEWHERE =
            FILE.jobPlatforms().stream().mapToDouble(PlatformEntry::shareElsewhere).toArray();

    /** The core stacks the generator assembles by region and job family. */
    static final Tech WORDPRESS = coreTechnology("WordPress");
    static final Tech TYPO3 = coreTechnology("TYPO3");
    static final Tech DRUPAL = coreTechnology("Drupal");
    static final Tech WEBFLOW = coreTechnology("Webflow");
    static final Tech CONTENTFUL = coreTechnology("Contentful");
    static final Tech AEM = coreTechnology("Adobe Experience Manager");
    static final Tech PHP = coreTechnology("PHP");
    static final Tech JAVA = coreTechnology("Java");
    static final Tech NODE = coreTechnology("Node.js");
    static final Tech PYTHON = coreTechnology("Python");
    static final Tech RUBY = coreTechnology("Ruby");
    static final Tech DOTNET = coreTechnology("ASP.NET");
    static final Tech JQUERY = coreTechnology("jQuery");
    static final Tech REACT = coreTechnology("React");
    static final Tech NEXT = coreTechnology("Next.js");
    static final Tech VUE = coreTechnology("Vue.js");
    static final Tech NUXT = coreTechnology("Nuxt.js");
    static final Tech ANGULAR = coreTechnology("Angular");
    static final Tech ALPINE = coreTechnology("Alpine.js");
    static final Tech NGINX = coreTechnology("Nginx");
    static final Tech APACHE = coreTechnology("Apache HTTP Server");
    static final Tech IIS = coreTechnology("Microsoft IIS");
    static final Tech LITESPEED = coreTechnology("LiteSpeed");
    static final Tech WOOCOMMERCE = coreTechnology("WooCommerce");
    static final Tech SHOPIFY = coreTechnology("Shopify");
    static final Tech SHOPWARE = coreTechnology("Shopware");
    static final Tech MAGENTO = coreTechnology("Magento");
    static final Tech SALESFORCE_COMMERCE = coreTechnology("Salesforce Commerce Cloud");

    static final List<Extra> EXTRAS = FILE.extraTechnologies();

    private static VocabularyFile read(String resource) {
        // Unknown or missing fields are mistakes in the file: refuse them rather than draw from a gap.
        JsonMapper mapper = JsonMapper.builder()
                .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .enable(DeserializationFeature.FAIL_ON_NULL_CREATOR_PROPERTIES)
                .enable(DeserializationFeature.FAIL_ON_MISSING_CREATOR_PROPERTIES)
                .build();
        try (InputStream in = DemoVocabulary.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("The demo vocabulary " + resource + " is not on the class path");
            }
            return mapper.readValue(in, VocabularyFile.class);
        } catch (IOException e) {
            throw new UncheckedIOException("The demo vocabulary " + resource + " cannot be read", e);
        }
    }

    private static <K, V> Map<K, V> complete(Map<K, V> map, K[] keys, String what) {
        Map<K, V> result = new LinkedHashMap<>();
        for (K key : keys) {
            V value = map.get(key);
            if (value == null) {
                throw new IllegalStateException("The demo vocabulary's " + what + " has nothing for " + key);
            }
            result.put(key, value);
        }
        return Map.copyOf(result);
    }

    private static BusinessType businessType(String key) {
        BusinessType type = FILE.businessTypes().get(key);
        if (type == null) {
            throw new IllegalStateException("The demo vocabulary has no business type " + key);
        }
        return type;
    }

    private static Tech coreTechnology(String name) {
        return FILE.coreTechnologies().stream()
                .filter(tech -> tech.name().equals(name))
                .findFirst()
                .orElseThrow(() -> new IllegalStateException("The demo vocabulary has no core technology " + name));
    }
}
