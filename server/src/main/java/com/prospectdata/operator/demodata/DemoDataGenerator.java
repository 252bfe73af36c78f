package com.prospectdata.operator.demodata;

import static com.prospectdata.operator.demodata.DemoVocabulary.AEM;
import static com.prospectdata.operator.demodata.DemoVocabulary.ALPINE;
import static com.prospectdata.operator.demodata.DemoVocabulary.ANGULAR;
import static com.prospectdata.operator.demodata.DemoVocabulary.APACHE;
import static com.prospectdata.operator.demodata.DemoVocabulary.CONTENTFUL;
import static com.prospectdata.operator.demodata.DemoVocabulary.DOTNET;
import static com.prospectdata.operator.demodata.DemoVocabulary.DRUPAL;
import static com.prospectdata.operator.demodata.DemoVocabulary.IIS;
import static com.prospectdata.operator.demodata.DemoVocabulary.JAVA;
import static com.prospectdata.operator.demodata.DemoVocabulary.JQUERY;
import static com.prospectdata.operator.demodata.DemoVocabulary.LITESPEED;
import static com.prospectdata.operator.demodata.DemoVocabulary.MAGENTO;
import static com.prospectdata.operator.demodata.DemoVocabulary.NEXT;
import static com.prospectdata.operator.demodata.DemoVocabulary.NGINX;
import static com.prospectdata.operator.demodata.DemoVocabulary.NODE;
import static com.prospectdata.operator.demodata.DemoVocabulary.NUXT;
import static com.prospectdata.operator.demodata.DemoVocabulary.PHP;
import static com.prospectdata.operator.demodata.DemoVocabulary.PYTHON;
import static com.prospectdata.operator.demodata.DemoVocabulary.REACT;
import static com.prospectdata.operator.demodata.DemoVocabulary.RUBY;
import static com.prospectdata.operator.demodata.DemoVocabulary.SALESFORCE_COMMERCE;
import static com.prospectdata.operator.demodata.DemoVocabulary.SHOPIFY;
import static com.prospectdata.operator.demodata.DemoVocabulary.SHOPWARE;
import static com.prospectdata.operator.demodata.DemoVocabulary.TYPO3;
import static com.prospectdata.operator.demodata.DemoVocabulary.VUE;
import static com.prospectdata.operator.demodata.DemoVocabulary.WEBFLOW;
import static com.prospectdata.operator.demodata.DemoVocabulary.WOOCOMMERCE;
import static com.prospectdata.operator.demodata.DemoVocabulary.WORDPRESS;

import com.prospectdata.operator.demodata.DemoVocabulary.BusinessType;
import com.prospectdata.operator.demodata.DemoVocabulary.Extra;
import com.prospectdata.operator.demodata.DemoVocabulary.JobFamily;
import com.prospectdata.operator.demodata.DemoVocabulary.Language;
import com.prospectdata.operator.demodata.DemoVocabulary.Place;
import com.prospectdata.operator.demodata.DemoVocabulary.Region;
import com.prospectdata.operator.demodata.DemoVocabulary.SearchTheme;
import com.prospectdata.operator.demodata.DemoVocabulary.Tech;
import com.prospectdata.operator.importer.ImportRecord;
import com.prospectdata.operator.importer.ImportRecord.Company;
import com.prospectdata.operator.importer.ImportRecord.Contact;
import com.prospectdata.operator.importer.ImportRecord.Job;
import com.prospectdata.operator.importer.ImportRecord.Organization;
import com.prospectdata.operator.importer.ImportRecord.ProspectSearch;
import com.prospectdata.operator.importer.ImportRecord.Technology;
import com.prospectdata.operator.importer.ImportRecord.WebtechScan;
import java.text.Normalizer;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.UUID;
import java.util.function.Consumer;
import java.util.function.LongConsumer;

/**
 * Realistic demo data: one demo organization, several prospect searches of skewed sizes, and
 * companies with contacts, jobs and website scans.
 *
 * <p>Everything is drawn from one {@link SplittableRandom} seeded with the seed and the company
 * count, ids included, so the same seed and count always give the same records. Two things are
 * deliberately not fixed: job dates are spread over the year before the run's UTC day (so hiring
 * activity, which the API measures from "now", stays meaningful whenever the data is loaded), and
 * the other timestamps are relative to the fixed {@link #EPOCH}. Data generated on the same UTC
 * day is therefore identical to the byte.
 */
public final class DemoDataGenerator {

    /** The demo organization's fixed id (the name-based UUID of "Company Prospect Data API demo organization"). */
    public static final String DEMO_ORGANIZATION_ID_TEXT = "0b1d997c-ef7f-3524-8da4-bf62cb5ac3f9";
    /** Every demo data set belongs to this organization. */
    public static final UUID DEMO_ORGANIZATION_ID = UUID.fromString(DEMO_ORGANIZATION_ID_TEXT);
    public static final String DEMO_ORGANIZATION_NAME = "Demo organization";
    /** Companies, contacts and scans are dated in the year before this instant. */
    public static final Instant EPOCH = Instant.parse("2026-01-01T00:00:00Z");

    private static final long DAY_SECONDS = 86_400;
    private static final int[] CONTACT_COUNT_WEIGHTS = {5, 14, 22, 26, 18, 10, 5}; // 0..6 contacts, mean ~2.9

    private final long seed;
    private final int companyCount;
    private final Instant jobsUntil;
    private final SplittableRandom random;
    private final Map<Region, List<Place>> placesByRegion = new EnumMap<>(Region.class);
    private final Set<String> domains = new HashSet<>();
    private UUID largestSearch;

    /**
     * @param runTime the time of the run; jobs are dated in the 365 days before its UTC day
     */
    public DemoDataGenerator(long seed, int companyCount, Instant runTime) {
        if (companyCount < 1) {
            throw new IllegalArgumentException("the number of companies must be at least 1");
        }
        this.seed = seed;
        this.companyCount = companyCount;
        this.jobsUntil = runTime.truncatedTo(ChronoUnit.DAYS);
        // The count is part of the seed: another count is another data set, with other ids. Mixed,
        // because SplittableRandom(s + k * 0x9E3779B97F4A7C15) is SplittableRandom(s) k draws later:
        // nearby seeds would otherwise give overlapping data.
        this.random = new SplittableRandom(mix(mix(seed) + companyCount));
        for (Place place : DemoVocabulary.PLACES) {
            placesByRegion.computeIfAbsent(place.region(), r -> new ArrayList<>()).add(place);
        }
    }

    public long seed() {
        return seed;
    }

    /**
     * The id of the largest search, known once {@link #generate} has handed it out: the search
     * to try the API on after this load, whatever earlier loads put into the organization.
     */
    public Optional<UUID> largestSearch() {
        return Optional.ofNullable(largestSearch);
    }

    /**
     * A name no other demo data set gives a search: the theme, and the seed and size that make
     * the set (loads of other seeds or sizes add searches to the same organization).
     */
    String searchName(SearchTheme theme, int rerun) {
        return String.format(Locale.ROOT, "%s (demo, seed %d, %,d companies%s)", theme.name(), seed, companyCount,
                rerun == 0 ? "" : ", run " + (rerun + 1));
    }

    /** The largest search a demo data set holds: the size of the largest searches partners page through. */
    static final int LARGEST_SEARCH = 100_000;

    /**
     * How many companies each search gets: skewed shares, every search at least one company. Up to
     * {@link #LARGEST_SEARCH} companies in the largest search that is one search per theme; beyond,
     * the organization has rerun its themes: the largest holds exactly {@link #LARGEST_SEARCH} and
     * each further search is a little smaller than the one before.
     */
    static int[] searchSizes(int companies) {
        int searches = Math.min(DemoVocabulary.SEARCH_THEMES.size(), companies);
        double shareSum = 0;
        for (int i = 0; i < searches; i++) {
            shareSum += DemoVocabulary.SEARCH_SHARES[i];
        }
        int[] sizes = new int[searches];
        int assigned = 0;
        for (int i = 0; i < searches; i++) {
            sizes[i] = Math.max(1, (int) Math.floor((companies - searches) * DemoVocabulary.SEARCH_SHARES[i] / shareSum) + 1);
            assigned += sizes[i];
        }
        sizes[0] += companies - assigned; // rounding leftovers go to the largest search
        if (sizes[0] <= LARGEST_SEARCH) {
            return sizes;
        }
        List<Integer> rerun = new ArrayList<>();
        rerun.add(LARGEST_SEARCH);
        int left = companies - LARGEST_SEARCH;
        double next = 0.8 * LARGEST_SEARCH;
        while (left > 0) {
            int size = Math.min(left, (int) next);
            rerun.add(size);
            left -= size;
            next = Math.max(2_000, next * 0.9);
        }
        return rerun.stream().mapToInt(Integer::intValue).toArray();
    }

    /**
     * Hands every record to {@code sink}, parents first: the organization, the searches, then each
     * company followed by its scan and jobs. {@code companiesDone} hears the count now and then.
     */
    public void generate(Consumer<ImportRecord> sink, LongConsumer companiesDone) {
        sink.accept(new Organization(DEMO_ORGANIZATION_ID, DEMO_ORGANIZATION_NAME));
        int[] sizes = searchSizes(companyCount);
        long done = 0;
        for (int s = 0; s < sizes.length; s++) {
            int themes = DemoVocabulary.SEARCH_THEMES.size();
            SearchTheme theme = DemoVocabulary.SEARCH_THEMES.get(s % themes);
            UUID searchId = uuid();
            if (s == 0) {
                largestSearch = searchId;
            }
            String name = searchName(theme, s / themes);
            sink.accept(new ProspectSearch(searchId, DEMO_ORGANIZATION_ID, name));
            Instant searchCreated = EPOCH.minus(Duration.ofDays(20 + random.nextInt(300)));
            for (int i = 0; i < sizes[s]; i++) {
                company(theme, searchId, searchCreated, sink);
                if (++done % 256 == 0) {
                    companiesDone.accept(done);
                }
            }
        }
        companiesDone.accept(done);
    }

    private void company(SearchTheme theme, UUID searchId, Instant searchCreated, Consumer<ImportRecord> sink) {
        UUID id = uuid();
        Place place = place(pick(theme.regions()));
        BusinessType type = pick(theme.types());
        String[] nameAndDomain = nameAndDomain(place, type);
        String domain = nameAndDomain[1];
        double score = matchScore(theme.meanScore());
        Instant created = searchCreated.plusSeconds(random.nextLong(3 * DAY_SECONDS));
        long untilEpoch = Duration.between(created, EPOCH).toSeconds();
        Instant updated = chance(0.6) ? created.plusSeconds(random.nextLong(Math.min(200 * DAY_SECONDS, untilEpoch))) : created;
        sink.accept(new Company(id, searchId, nameAndDomain[0], place.city(), place.country(), type.name(),
                "https://www." + domain, score, reviewStatus(score), chance(0.85) ? phone(place) : null,
                contacts(place.language(), domain), created, updated));
        webtechScan(id, created, place, type).ifPresent(sink);
        jobs(id, place, type, domain, sink);
    }

    // ---- companies ---------------------------------------------------------------------------

    private Place place(Region region) {
        List<Place> places = placesByRegion.get(region);
        int total = 0;
        for (Place p : places) {
            total += p.weight();
        }
        int draw = random.nextInt(total);
        for (Place p : places) {
            draw -= p.weight();
            if (draw < 0) {
                return p;
            }
        }
        return places.getLast();
    }

    /** A name as companies there have them, and a website domain no other demo company has. */
    private String[] nameAndDomain(Place place, BusinessType type) {
        Language language = place.language();
        List<String> forms = DemoVocabulary.LEGAL_FORMS.get(place.country());
        for (int attempt = 0; ; attempt++) {
            String industry = pick(language == Language.DE ? type.germanWords() : type.englishWords());
            String base = switch (random.nextInt(10)) {
                case 0, 1, 2, 3 -> pick(DemoVocabulary.STEMS.get(language)) + " " + industry;
                case 4, 5, 6 -> pick(DemoVocabulary.SURNAMES.get(language)) + " " + industry;
                case 7 -> pick(DemoVocabulary.SURNAMES.get(language)) + " & " + pick(DemoVocabulary.SURNAMES.get(language));
                case 8 -> pick(DemoVocabulary.STEMS.get(language));
                default -> industry + " " + localCity(place);
            };
            // Real registers are full of "X Logistik Hamburg" and "X Logistik 24": the same when names collide.
            if (attempt >= 3) {
                base = base + " " + (attempt < 6 && !base.contains(localCity(place)) ? localCity(place)
                        : Integer.toString(2 + random.nextInt(attempt * 10)));
            }
            String domain = slug(base) + "." + place.tld();
            if (domains.add(domain)) {
                String form = random.nextInt(3) == 0 ? pick(forms) : forms.getFirst();
                return new String[] {base + " " + form, domain};
            }
        }
    }

    /** Normal around the search's mean, one decimal; redrawn outside 0-10 rather than piled up at the ends. */
    private double matchScore(double mean) {
        while (true) {
            double score = Math.round((mean + 1.9 * random.nextGaussian()) * 10) / 10.0;
            if (score >= 0 && score <= 10) {
                return score;
            }
        }
    }

    /** The city as its people write it, for company names: "München", not "Munich". */
    private static String localCity(Place place) {
        return DemoVocabulary.LOCAL_CITY_NAMES.getOrDefault(place.city(), place.city());
    }

    private String reviewStatus(double score) {
        if (chance(0.45)) {
            return "pending";
        }
        // Reviewers accept mostly high scores and reject mostly low ones.
        double accept = 1 / (1 + Math.exp(-(score - 5.5) * 1.1));
        return chance(accept) ? "accepted" : "rejected";
    }

    private String phone(Place place) {
        StringBuilder phone = new StringBuilder("+").append(place.callingCode()).append(' ');
        String area = place.areaCode();
        if (place.callingCode().equals("39")) {
            phone.append(area).append(' '); // Italy keeps the leading 0 of the area code
        } else if (!area.isEmpty()) {
            phone.append(area.startsWith("0") ? area.substring(1) : area).append(' ');
        }
        for (int i = 0; i < place.subscriberDigits(); i++) {
            phone.append(i == 0 ? 1 + random.nextInt(9) : random.nextInt(10));
            if (i == 2 && place.subscriberDigits() > 6) {
                phone.append(' ');
            }
        }
        return phone.toString();
    }

    private List<Contact> contacts(Language language, String domain) {
        int count = weighted(CONTACT_COUNT_WEIGHTS);
        List<Contact> contacts = new ArrayList<>(count);
        Set<String> emails = new HashSet<>();
        for (int i = 0; i < count; i++) {
            String first = pick(DemoVocabulary.FIRST_NAMES.get(language));
            String last = pick(DemoVocabulary.SURNAMES.get(language));
            String title = null;
            if (chance(0.88)) {
                // The first contact is usually the one at the top.
                List<String> titles = language == Language.DE && chance(0.5) ? DemoVocabulary.GERMAN_TITLES : DemoVocabulary.TITLES;
                title = i == 0 && chance(0.6) ? titles.get(random.nextInt(3)) : pick(titles);
            }
            String email = null;
            if (chance(0.8)) {
                String local = switch (random.nextInt(10)) {
                    case 0, 1 -> slug(first).charAt(0) + "." + slug(last);
                    case 2 -> slug(first);
                    default -> slug(first) + "." + slug(last);
                };
                email = emails.add(local) ? local + "@" + domain : null;
            }
            String linkedin = chance(0.65) ? "https://www.linkedin.com/in/" + slug(first + " " + last) + "-"
                    + Integer.toHexString(0x100000 + random.nextInt(0xF00000)) : null;
            contacts.add(new Contact(uuid(), first + " " + last, title, email, linkedin));
        }
        return contacts;
    }

    // ---- website scans -----------------------------------------------------------------------

    private Optional<WebtechScan> webtechScan(UUID companyId, Instant created, Place place, BusinessType type) {
        if (chance(0.12)) {
            return Optional.empty(); // never scanned
        }
        Instant scannedAt = max(created, EPOCH.minusSeconds(random.nextLong(90 * DAY_SECONDS)));
        double outcome = random.nextDouble();
        if (outcome >= 0.80) {
            // Failed scans (site down, blocked) and pending ones have found nothing.
            String status = outcome < 0.92 ? "failed" : "pending";
            return Optional.of(new WebtechScan(companyId, status, scannedAt, List.of()));
        }
        Map<String, Technology> found = new LinkedHashMap<>();
        for (Tech tech : coreStack(place.region(), type.family())) {
            add(found, tech, 75 + random.nextInt(26));
        }
        for (Extra extra : DemoVocabulary.EXTRAS) {
            if (chance(extra.share())) {
                // Scripts are easy to see; some signals are weak guesses.
                int confidence = chance(0.15) ? 15 + random.nextInt(40) : 60 + random.nextInt(41);
                add(found, extra.tech(), confidence);
            }
        }
        longTail(found);
        return Optional.of(new WebtechScan(companyId, "completed", scannedAt, List.copyOf(found.values())));
    }

    /**
     * Widgets, tags and libraries beyond the stack: a couple on a typical site, hundreds on a few
     * large ones (log-normal), popular ones more often.
     */
    private void longTail(Map<String, Technology> found) {
        List<Tech> tail = LongTailTechnologies.ALL;
        int wanted = (int) Math.min(tail.size(), Math.floor(Math.exp(0.8 + 1.3 * random.nextGaussian())));
        for (int added = 0, attempts = 0; added < wanted && attempts < 4 * tail.size(); attempts++) {
            Tech tech = tail.get((int) (tail.size() * Math.pow(random.nextDouble(), 2.5)));
            if (!found.containsKey(tech.name())) {
                add(found, tech, 30 + random.nextInt(71));
                added++;
            }
        }
    }

    private void add(Map<String, Technology> found, Tech tech, int confidence) {
        String version = !tech.versions().isEmpty() && chance(0.6) ? pick(tech.versions()) : null;
        found.putIfAbsent(tech.name(), new Technology(tech.name(), tech.category(), confidence, version));
    }

    /** The technologies a site is built on, by the kind of company and where it is. */
    private List<Tech> coreStack(Region region, JobFamily family) {
        boolean dach = region == Region.DACH;
        List<Tech> stack = new ArrayList<>();
        double draw = random.nextDouble();
        switch (family) {
            case TECH, FINANCE -> {
                if (draw < 0.35) {
                    stack.addAll(List.of(REACT, NODE));
                    if (chance(0.6)) stack.add(NEXT);
                } else if (draw < 0.50) {
                    stack.addAll(List.of(VUE, NODE));
                    if (chance(0.5)) stack.add(NUXT);
                } else if (draw < 0.60) {
                    stack.addAll(List.of(ANGULAR, JAVA));
                } else if (draw < 0.68) {
                    stack.addAll(List.of(REACT, chance(0.5) ? PYTHON : RUBY));
                } else if (draw < 0.80) {
                    stack.addAll(List.of(WEBFLOW));
                } else if (draw < 0.88) {
                    stack.addAll(List.of(CONTENTFUL, REACT, NEXT));
                } else {
                    stack.addAll(List.of(WORDPRESS, PHP, JQUERY));
                }
                stack.add(chance(0.7) ? NGINX : APACHE);
            }
            case CONSUMER -> {
                if (draw < 0.38) {
                    stack.addAll(List.of(SHOPIFY, JQUERY));
                } else if (draw < 0.62) {
                    stack.addAll(List.of(WORDPRESS, WOOCOMMERCE, PHP, JQUERY, chance(0.5) ? NGINX : LITESPEED));
                } else if (draw < (dach ? 0.85 : 0.68)) {
                    stack.addAll(List.of(SHOPWARE, PHP, VUE, NGINX));
                } else if (draw < 0.88) {
                    stack.addAll(List.of(MAGENTO, PHP, JQUERY, NGINX));
                } else {
                    stack.addAll(List.of(SALESFORCE_COMMERCE, REACT));
                }
            }
            default -> {
                if (draw < (dach ? 0.25 : 0.02)) {
                    stack.addAll(List.of(TYPO3, PHP, APACHE));
                } else if (draw < 0.70) {
                    stack.addAll(List.of(WORDPRESS, PHP, JQUERY, chance(0.55) ? APACHE : NGINX));
                    if (chance(0.3)) stack.add(ALPINE);
                } else if (draw < 0.78) {
                    stack.addAll(List.of(DRUPAL, PHP, APACHE));
                } else if (draw < 0.86) {
                    stack.addAll(List.of(DOTNET, IIS, JQUERY));
                } else if (draw < 0.92) {
                    stack.addAll(List.of(AEM, JAVA, APACHE));
                } else {
                    stack.addAll(List.of(WEBFLOW));
                }
            }
        }
        return stack;
    }

    // ---- jobs --------------------------------------------------------------------------------

    private void jobs(UUID companyId, Place place, BusinessType type, String domain, Consumer<ImportRecord> sink) {
        if (chance(0.45)) {
            return; // many companies post nothing
        }
        // Hiring rates are heavy-tailed: most companies post a job now and then, a few (staffing
        // agencies, retail chains) hundreds a year. About five jobs per company on average.
        double perMonth = Math.min(40, Math.exp(-0.8 + random.nextGaussian()));
        int count = (int) Math.min(400, poisson(perMonth * 12));
        boolean rampingUp = chance(0.25);
        double[] platformShares = place.region() == Region.DACH
                ? DemoVocabulary.PLATFORM_SHARES_DACH : DemoVocabulary.PLATFORM_SHARES_ELSEWHERE;
        for (int i = 0; i < count; i++) {
            double u = random.nextDouble();
            // A company ramping up has posted most of its jobs recently.
            long ageSeconds = 1 + (long) ((rampingUp ? u * u : u) * (365 * DAY_SECONDS - 1));
            Instant posted = jobsUntil.minusSeconds(ageSeconds);
            Instant removed = null;
            if (ageSeconds > 21 * DAY_SECONDS && chance(0.35)) {
                long open = (7 + random.nextLong(Math.min(90, ageSeconds / DAY_SECONDS - 1) - 6)) * DAY_SECONDS;
                removed = posted.plusSeconds(open);
            }
            String platform = DemoVocabulary.PLATFORMS.get(weighted(platformShares));
            String title = jobTitle(place.language(), type.family());
            long number = random.nextLong() & Long.MAX_VALUE;
            String[] idAndUrl = switch (platform) {
                case "linkedin" -> new String[] {"li-" + number, "https://www.linkedin.com/jobs/view/" + number};
                case "indeed" -> {
                    String key = String.format("%016x", number);
                    yield new String[] {"in-" + key, "https://www.indeed.com/viewjob?jk=" + key};
                }
                case "glassdoor" -> new String[] {"gd-" + number,
                        "https://www.glassdoor.com/job-listing/" + slug(title) + "-JV_KO0," + (number % 100) + ".htm?jl=" + number};
                case "stepstone" -> new String[] {"st-" + number,
                        "https://www.stepstone." + (place.tld().equals("co.uk") ? "co.uk" : "de") + "/stellenangebote--"
                                + slug(title) + "--" + number + "-inline.html"};
                default -> {
                    String key = Long.toString(number, 36);
                    yield new String[] {"cw-" + key, "https://www." + domain + "/careers/" + slug(title) + "-" + key};
                }
            };
            sink.accept(new Job(idAndUrl[0], companyId, title, platform, posted, idAndUrl[1], removed));
        }
    }

    private String jobTitle(Language language, JobFamily family) {
        if (language == Language.DE && chance(0.7)) {
            String title = chance(0.7) ? pick(DemoVocabulary.GERMAN_JOB_TITLES.get(family))
                    : pick(DemoVocabulary.GERMAN_GENERIC_JOB_TITLES);
            return title + " (m/w/d)";
        }
        return chance(family == JobFamily.TECH ? 0.75 : 0.6) ? pick(DemoVocabulary.JOB_TITLES.get(family))
                : pick(DemoVocabulary.GENERIC_JOB_TITLES);
    }

    // ---- drawing -----------------------------------------------------------------------------

    /** A random (version 4 layout) UUID from the seeded generator, so ids repeat with the seed. */
    private UUID uuid() {
        long most = (random.nextLong() & ~0xF000L) | 0x4000L;
        long least = (random.nextLong() & 0x3FFF_FFFF_FFFF_FFFFL) | 0x8000_0000_0000_0000L;
        return new UUID(most, least);
    }

    private boolean chance(double probability) {
        return random.nextDouble() < probability;
    }

    private <T> T pick(List<T> values) {
        return values.get(random.nextInt(values.size()));
    }

    private int weighted(int[] weights) {
        int total = 0;
        for (int w : weights) {
            total += w;
        }
        int draw = random.nextInt(total);
        for (int i = 0; i < weights.length; i++) {
            draw -= weights[i];
            if (draw < 0) {
                return i;
            }
        }
        return weights.length - 1;
    }

    private int weighted(double[] shares) {
        double draw = random.nextDouble();
        for (int i = 0; i < shares.length; i++) {
            draw -= shares[i];
            if (draw < 0) {
                return i;
            }
        }
        return shares.length - 1;
    }

    private long poisson(double mean) {
        if (mean > 30) {
            return Math.max(0, Math.round(mean + Math.sqrt(mean) * random.nextGaussian()));
        }
        double limit = Math.exp(-mean);
        double product = random.nextDouble();
        long count = 0;
        while (product > limit) {
            product *= random.nextDouble();
            count++;
        }
        return count;
    }

    /** The finalizer of MurmurHash3: every input bit affects every output bit. */
    private static long mix(long value) {
        long z = value;
        z = (z ^ (z >>> 33)) * 0xFF51AFD7ED558CCDL;
        z = (z ^ (z >>> 33)) * 0xC4CEB9FE1A85EC53L;
        return z ^ (z >>> 33);
    }

    private static Instant max(Instant a, Instant b) {
        return a.isAfter(b) ? a : b;
    }

    /** "Nordlicht Kühllogistik & Söhne" becomes "nordlicht-kuehllogistik-soehne": a host name part. */
    static String slug(String text) {
        String lower = text.toLowerCase(Locale.ROOT)
                .replace("ä", "ae").replace("ö", "oe").replace("ü", "ue").replace("ß", "ss")
                .replace("æ", "ae").replace("ø", "o").replace("ł", "l").replace("&", " ");
        String ascii = Normalizer.normalize(lower, Normalizer.Form.NFD).replaceAll("\\p{M}", "");
        return ascii.replaceAll("[^a-z0-9]+", "-").replaceAll("(^-|-$)", "");
    }
}
