package com.prospectdata.demodata;

import java.util.List;
import java.util.Map;

/**
 * The words demo data is built from: real cities with their countries, names as people and
 * companies in those countries have them, business types, job titles and a catalogue of website
 * technologies. Order matters: the generator draws by index, so editing a list changes the data
 * a seed produces.
 */
final class DemoVocabulary {

    private DemoVocabulary() {
    }

    enum Language { DE, NL, NORDIC, EN, FR, ES, IT, PL }

    enum Region { DACH, BENELUX, NORDICS, UK_IE, FRANCE, IBERIA, ITALY, POLAND, NORTH_AMERICA }

    /** A city; {@code weight} is roughly how many companies it has relative to the others of its region. */
    record Place(String city, String country, Region region, Language language, String tld, String callingCode,
                 String areaCode, int subscriberDigits, int weight) {
    }

    static final List<Place> PLACES = List.of(
            new Place("Berlin", "Germany", Region.DACH, Language.DE, "de", "49", "30", 8, 10),
            new Place("Hamburg", "Germany", Region.DACH, Language.DE, "de", "49", "40", 8, 8),
            new Place("Munich", "Germany", Region.DACH, Language.DE, "de", "49", "89", 8, 8),
            new Place("Cologne", "Germany", Region.DACH, Language.DE, "de", "49", "221", 7, 5),
            new Place("Frankfurt am Main", "Germany", Region.DACH, Language.DE, "de", "49", "69", 8, 6),
            new Place("Stuttgart", "Germany", Region.DACH, Language.DE, "de", "49", "711", 7, 5),
            new Place("Düsseldorf", "Germany", Region.DACH, Language.DE, "de", "49", "211", 7, 4),
            new Place("Leipzig", "Germany", Region.DACH, Language.DE, "de", "49", "341", 7, 3),
            new Place("Bremen", "Germany", Region.DACH, Language.DE, "de", "49", "421", 7, 3),
            new Place("Hanover", "Germany", Region.DACH, Language.DE, "de", "49", "511", 7, 3),
            new Place("Nuremberg", "Germany", Region.DACH, Language.DE, "de", "49", "911", 7, 3),
            new Place("Dresden", "Germany", Region.DACH, Language.DE, "de", "49", "351", 7, 2),
            new Place("Bielefeld", "Germany", Region.DACH, Language.DE, "de", "49", "521", 7, 2),
            new Place("Kiel", "Germany", Region.DACH, Language.DE, "de", "49", "431", 7, 1),
            new Place("Vienna", "Austria", Region.DACH, Language.DE, "at", "43", "1", 7, 6),
            new Place("Graz", "Austria", Region.DACH, Language.DE, "at", "43", "316", 6, 2),
            new Place("Linz", "Austria", Region.DACH, Language.DE, "at", "43", "732", 6, 2),
            new Place("Salzburg", "Austria", Region.DACH, Language.DE, "at", "43", "662", 6, 1),
            new Place("Zurich", "Switzerland", Region.DACH, Language.DE, "ch", "41", "44", 7, 5),
            new Place("Basel", "Switzerland", Region.DACH, Language.DE, "ch", "41", "61", 7, 2),
            new Place("Bern", "Switzerland", Region.DACH, Language.DE, "ch", "41", "31", 7, 2),

            new Place("Amsterdam", "Netherlands", Region.BENELUX, Language.NL, "nl", "31", "20", 7, 8),
            new Place("Rotterdam", "Netherlands", Region.BENELUX, Language.NL, "nl", "31", "10", 7, 5),
            new Place("Utrecht", "Netherlands", Region.BENELUX, Language.NL, "nl", "31", "30", 7, 4),
            new Place("Eindhoven", "Netherlands", Region.BENELUX, Language.NL, "nl", "31", "40", 7, 3),
            new Place("The Hague", "Netherlands", Region.BENELUX, Language.NL, "nl", "31", "70", 7, 3),
            new Place("Antwerp", "Belgium", Region.BENELUX, Language.NL, "be", "32", "3", 7, 3),
            new Place("Ghent", "Belgium", Region.BENELUX, Language.NL, "be", "32", "9", 7, 2),
            new Place("Brussels", "Belgium", Region.BENELUX, Language.FR, "be", "32", "2", 7, 4),
            new Place("Luxembourg", "Luxembourg", Region.BENELUX, Language.FR, "lu", "352", "", 6, 1),

            new Place("Stockholm", "Sweden", Region.NORDICS, Language.NORDIC, "se", "46", "8", 7, 8),
            new Place("Gothenburg", "Sweden", Region.NORDICS, Language.NORDIC, "se", "46", "31", 7, 4),
            new Place("Malmö", "Sweden", Region.NORDICS, Language.NORDIC, "se", "46", "40", 6, 3),
            new Place("Copenhagen", "Denmark", Region.NORDICS, Language.NORDIC, "dk", "45", "", 8, 7),
            new Place("Aarhus", "Denmark", Region.NORDICS, Language.NORDIC, "dk", "45", "", 8, 3),
            new Place("Oslo", "Norway", Region.NORDICS, Language.NORDIC, "no", "47", "", 8, 6),
            new Place("Bergen", "Norway", Region.NORDICS, Language.NORDIC, "no", "47", "", 8, 2),
            new Place("Helsinki", "Finland", Region.NORDICS, Language.NORDIC, "fi", "358", "9", 7, 6),
            new Place("Tampere", "Finland", Region.NORDICS, Language.NORDIC, "fi", "358", "3", 7, 2),

            new Place("London", "United Kingdom", Region.UK_IE, Language.EN, "co.uk", "44", "20", 8, 14),
            new Place("Manchester", "United Kingdom", Region.UK_IE, Language.EN, "co.uk", "44", "161", 7, 5),
            new Place("Birmingham", "United Kingdom", Region.UK_IE, Language.EN, "co.uk", "44", "121", 7, 4),
            new Place("Leeds", "United Kingdom", Region.UK_IE, Language.EN, "co.uk", "44", "113", 7, 3),
            new Place("Bristol", "United Kingdom", Region.UK_IE, Language.EN, "co.uk", "44", "117", 7, 3),
            new Place("Edinburgh", "United Kingdom", Region.UK_IE, Language.EN, "co.uk", "44", "131", 7, 3),
            new Place("Glasgow", "United Kingdom", Region.UK_IE, Language.EN, "co.uk", "44", "141", 7, 2),
            new Place("Dublin", "Ireland", Region.UK_IE, Language.EN, "ie", "353", "1", 7, 5),
            new Place("Cork", "Ireland", Region.UK_IE, Language.EN, "ie", "353", "21", 7, 1),

            new Place("Paris", "France", Region.FRANCE, Language.FR, "fr", "33", "1", 8, 12),
            new Place("Lyon", "France", Region.FRANCE, Language.FR, "fr", "33", "4", 8, 4),
            new Place("Marseille", "France", Region.FRANCE, Language.FR, "fr", "33", "4", 8, 3),
            new Place("Toulouse", "France", Region.FRANCE, Language.FR, "fr", "33", "5", 8, 3),
            new Place("Lille", "France", Region.FRANCE, Language.FR, "fr", "33", "3", 8, 2),
            new Place("Bordeaux", "France", Region.FRANCE, Language.FR, "fr", "33", "5", 8, 2),
            new Place("Nantes", "France", Region.FRANCE, Language.FR, "fr", "33", "2", 8, 2),

            new Place("Madrid", "Spain", Region.IBERIA, Language.ES, "es", "34", "91", 7, 8),
            new Place("Barcelona", "Spain", Region.IBERIA, Language.ES, "es", "34", "93", 7, 7),
            new Place("Valencia", "Spain", Region.IBERIA, Language.ES, "es", "34", "96", 7, 3),
            new Place("Seville", "Spain", Region.IBERIA, Language.ES, "es", "34", "95", 7, 2),
            new Place("Bilbao", "Spain", Region.IBERIA, Language.ES, "es", "34", "94", 7, 2),
            new Place("Málaga", "Spain", Region.IBERIA, Language.ES, "es", "34", "95", 7, 2),

            new Place("Milan", "Italy", Region.ITALY, Language.IT, "it", "39", "02", 8, 8),
            new Place("Rome", "Italy", Region.ITALY, Language.IT, "it", "39", "06", 8, 6),
            new Place("Turin", "Italy", Region.ITALY, Language.IT, "it", "39", "011", 7, 3),
            new Place("Bologna", "Italy", Region.ITALY, Language.IT, "it", "39", "051", 7, 3),
            new Place("Florence", "Italy", Region.ITALY, Language.IT, "it", "39", "055", 7, 2),
            new Place("Naples", "Italy", Region.ITALY, Language.IT, "it", "39", "081", 7, 2),

            new Place("Warsaw", "Poland", Region.POLAND, Language.PL, "pl", "48", "22", 7, 7),
            new Place("Kraków", "Poland", Region.POLAND, Language.PL, "pl", "48", "12", 7, 4),
            new Place("Wrocław", "Poland", Region.POLAND, Language.PL, "pl", "48", "71", 7, 3),
            new Place("Gdańsk", "Poland", Region.POLAND, Language.PL, "pl", "48", "58", 7, 2),
            new Place("Poznań", "Poland", Region.POLAND, Language.PL, "pl", "48", "61", 7, 2),

            new Place("New York", "United States", Region.NORTH_AMERICA, Language.EN, "com", "1", "212", 7, 10),
            new Place("San Francisco", "United States", Region.NORTH_AMERICA, Language.EN, "com", "1", "415", 7, 9),
            new Place("Austin", "United States", Region.NORTH_AMERICA, Language.EN, "com", "1", "512", 7, 5),
            new Place("Boston", "United States", Region.NORTH_AMERICA, Language.EN, "com", "1", "617", 7, 5),
            new Place("Seattle", "United States", Region.NORTH_AMERICA, Language.EN, "com", "1", "206", 7, 4),
            new Place("Chicago", "United States", Region.NORTH_AMERICA, Language.EN, "com", "1", "312", 7, 4),
            new Place("Denver", "United States", Region.NORTH_AMERICA, Language.EN, "com", "1", "303", 7, 2),
            new Place("Toronto", "Canada", Region.NORTH_AMERICA, Language.EN, "ca", "1", "416", 7, 4),
            new Place("Vancouver", "Canada", Region.NORTH_AMERICA, Language.EN, "ca", "1", "604", 7, 2));

    /** Cities by their own name where English has another (company names use these). */
    static final Map<String, String> LOCAL_CITY_NAMES = Map.ofEntries(
            Map.entry("Munich", "München"), Map.entry("Cologne", "Köln"), Map.entry("Nuremberg", "Nürnberg"),
            Map.entry("Hanover", "Hannover"), Map.entry("Frankfurt am Main", "Frankfurt"), Map.entry("Vienna", "Wien"),
            Map.entry("Zurich", "Zürich"), Map.entry("The Hague", "Den Haag"), Map.entry("Antwerp", "Antwerpen"),
            Map.entry("Ghent", "Gent"), Map.entry("Brussels", "Bruxelles"), Map.entry("Gothenburg", "Göteborg"),
            Map.entry("Copenhagen", "København"), Map.entry("Seville", "Sevilla"), Map.entry("Milan", "Milano"),
            Map.entry("Rome", "Roma"), Map.entry("Turin", "Torino"), Map.entry("Florence", "Firenze"),
            Map.entry("Naples", "Napoli"), Map.entry("Warsaw", "Warszawa"));

    /** Legal forms by country, the most common first (the generator prefers it). */
    static final Map<String, List<String>> LEGAL_FORMS = Map.ofEntries(
            Map.entry("Germany", List.of("GmbH", "GmbH", "GmbH & Co. KG", "AG", "SE", "KG")),
            Map.entry("Austria", List.of("GmbH", "GmbH", "AG", "OG")),
            Map.entry("Switzerland", List.of("AG", "GmbH", "AG", "SA")),
            Map.entry("Netherlands", List.of("B.V.", "B.V.", "N.V.")),
            Map.entry("Belgium", List.of("BV", "NV", "SRL", "SA")),
            Map.entry("Luxembourg", List.of("S.à r.l.", "S.A.")),
            Map.entry("Sweden", List.of("AB", "AB", "HB")),
            Map.entry("Denmark", List.of("ApS", "A/S")),
            Map.entry("Norway", List.of("AS", "AS", "ASA")),
            Map.entry("Finland", List.of("Oy", "Oy", "Oyj")),
            Map.entry("United Kingdom", List.of("Ltd", "Ltd", "Limited", "PLC", "LLP")),
            Map.entry("Ireland", List.of("Ltd", "Limited", "DAC")),
            Map.entry("France", List.of("SAS", "SAS", "SARL", "SA")),
            Map.entry("Spain", List.of("S.L.", "S.L.", "S.A.")),
            Map.entry("Italy", List.of("S.r.l.", "S.r.l.", "S.p.A.")),
            Map.entry("Poland", List.of("sp. z o.o.", "sp. z o.o.", "S.A.")),
            Map.entry("United States", List.of("Inc.", "Inc.", "LLC", "Corp.")),
            Map.entry("Canada", List.of("Inc.", "Ltd.", "Corp.")));

    /** Brand-like words companies are named after. */
    static final Map<Language, List<String>> STEMS = Map.of(
            Language.DE, List.of("Nordlicht", "Alpenblick", "Rheintal", "Elbufer", "Sonnenfeld", "Eichenhof",
                    "Falkenstein", "Lindenberg", "Weißdorn", "Blauwal", "Kranich", "Silberfuchs", "Sternwarte",
                    "Ostwind", "Seeblick", "Hochland", "Isartal", "Mainwerk", "Havelland", "Donautal", "Tannenhof",
                    "Grünwald", "Feldberg", "Morgenrot", "Eisvogel", "Nordstern", "Südhang", "Waldkauz", "Bernstein",
                    "Rotfuchs", "Taunus", "Schwarzwald", "Weserland", "Allgäu", "Bodensee", "Spreewald", "Hanseatic",
                    "Brückenwerk", "Leuchtturm", "Kompass"),
            Language.NL, List.of("Noorderlicht", "Duinzicht", "Polderland", "Windmolen", "Grachtenhuis", "Zilvermeer",
                    "Oranjeboom", "Hollandia", "Tulpenveld", "Blauwe Reiger", "Kustlijn", "Rivierenland",
                    "Zonnebloem", "Waddenzee", "Lichtbaken", "Havenkant", "Lindeboom", "Kompas", "Dijkstra",
                    "Meerzicht", "Vlasakker", "Eilandhuis"),
            Language.NORDIC, List.of("Nordvik", "Fjordline", "Skogen", "Polaris", "Aurora", "Havsbris", "Granit",
                    "Björkhaga", "Solvind", "Isbjørn", "Vinterhav", "Norrsken", "Tundra", "Midgard", "Saga", "Kvarts",
                    "Lumi", "Revontuli", "Sjöstjärna", "Fjällstuga", "Kustvind", "Valhalla"),
            Language.EN, List.of("Northgate", "Riverside", "Bluebell", "Oakridge", "Highfield", "Silverline",
                    "Kingsway", "Harbourview", "Brightwater", "Foxglove", "Ironbridge", "Redwood", "Summit", "Beacon",
                    "Evergreen", "Meridian", "Lighthouse", "Stonebridge", "Clearwater", "Thistle", "Granite",
                    "Pinecrest", "Cedar", "Falcon", "Blackbird", "Northstar", "Copperfield", "Westbrook"),
            Language.FR, List.of("Lumière", "Beauséjour", "Horizon", "Rive Gauche", "Belle Étoile", "Mistral", "Azur",
                    "Clairval", "Montclair", "Bellevue", "Soleil", "Côte Verte", "Alizé", "Lavande", "Chêne Vert",
                    "Val de Loire", "Mont Blanc", "Étoile du Nord"),
            Language.ES, List.of("Sol Naciente", "Brisa", "Mediterránea", "Alborada", "Levante", "Sierra Nevada",
                    "Marisma", "Horizonte", "Olivar", "Costa Azul", "Luz del Sur", "Tramontana", "Albatros", "Cierzo",
                    "Almendro", "Guadalquivir", "Peña Blanca"),
            Language.IT, List.of("Aurora", "Girasole", "Maestrale", "Dolomiti", "Laguna", "Stella Alpina", "Vesuvio",
                    "Ulivo", "Riviera", "Scirocco", "Tramonto", "Arcobaleno", "Cipresso", "Orizzonte", "Sorgente",
                    "Monte Rosa", "Valpadana"),
            Language.PL, List.of("Bursztyn", "Wisła", "Orzeł", "Sokół", "Tatry", "Mazowsze", "Zorza", "Jantar",
                    "Bałtyk", "Polana", "Kamień", "Świt", "Żuraw", "Morena", "Podhale", "Warta"));

    static final Map<Language, List<String>> SURNAMES = Map.of(
            Language.DE, List.of("Müller", "Schmidt", "Schneider", "Fischer", "Weber", "Meyer", "Wagner", "Becker",
                    "Schulz", "Hoffmann", "Koch", "Bauer", "Richter", "Klein", "Wolf", "Schröder", "Neumann",
                    "Schwarz", "Zimmermann", "Braun", "Krüger", "Hartmann", "Lange", "Werner", "Krause", "Lehmann",
                    "Huber", "Kaiser", "Fuchs", "Peters", "Scholz", "Möller", "Weiß", "Jung", "Hahn", "Vogel",
                    "Keller", "Berger", "Winkler", "Lorenz", "Baumann", "Franke", "Bergmann", "Brandt", "Seidel"),
            Language.NL, List.of("de Jong", "Jansen", "de Vries", "van den Berg", "van Dijk", "Bakker", "Janssen",
                    "Visser", "Smit", "Meijer", "de Boer", "Mulder", "de Groot", "Bos", "Vos", "Peters", "Hendriks",
                    "van Leeuwen", "Dekker", "Brouwer", "de Wit", "Dijkstra", "Smits", "de Graaf", "van der Meer",
                    "Peeters", "Maes", "Claes", "Willems", "Goossens"),
            Language.NORDIC, List.of("Andersson", "Johansson", "Karlsson", "Nilsson", "Eriksson", "Larsson", "Olsson",
                    "Persson", "Svensson", "Gustafsson", "Jensen", "Nielsen", "Hansen", "Pedersen", "Andersen",
                    "Christensen", "Larsen", "Johansen", "Olsen", "Berg", "Haugen", "Korhonen", "Virtanen",
                    "Mäkinen", "Nieminen", "Lindqvist", "Holm", "Dahl", "Lund", "Sandberg"),
            Language.EN, List.of("Smith", "Jones", "Taylor", "Brown", "Williams", "Wilson", "Johnson", "Davies",
                    "Robinson", "Wright", "Thompson", "Evans", "Walker", "White", "Roberts", "Green", "Hall", "Wood",
                    "Jackson", "Clarke", "Murphy", "Kelly", "O'Brien", "Miller", "Davis", "Garcia", "Martinez",
                    "Anderson", "Thomas", "Moore", "Lee", "Harris", "Clark", "Lewis", "Young", "Patel", "Campbell",
                    "Stewart", "Bennett", "Hughes"),
            Language.FR, List.of("Martin", "Bernard", "Dubois", "Thomas", "Robert", "Richard", "Petit", "Durand",
                    "Leroy", "Moreau", "Simon", "Laurent", "Lefebvre", "Michel", "Garcia", "David", "Bertrand", "Roux",
                    "Vincent", "Fournier", "Morel", "Girard", "André", "Mercier", "Dupont", "Lambert", "Bonnet",
                    "François", "Martinez", "Legrand"),
            Language.ES, List.of("García", "Rodríguez", "González", "Fernández", "López", "Martínez", "Sánchez",
                    "Pérez", "Gómez", "Martín", "Jiménez", "Ruiz", "Hernández", "Díaz", "Moreno", "Muñoz", "Álvarez",
                    "Romero", "Alonso", "Gutiérrez", "Navarro", "Torres", "Domínguez", "Vázquez", "Ramos"),
            Language.IT, List.of("Rossi", "Russo", "Ferrari", "Esposito", "Bianchi", "Romano", "Colombo", "Ricci",
                    "Marino", "Greco", "Bruno", "Gallo", "Conti", "De Luca", "Mancini", "Costa", "Giordano", "Rizzo",
                    "Lombardi", "Moretti", "Barbieri", "Fontana", "Santoro", "Mariani", "Rinaldi"),
            Language.PL, List.of("Nowak", "Kowalski", "Wiśniewski", "Wójcik", "Kowalczyk", "Kamiński", "Lewandowski",
                    "Zieliński", "Szymański", "Woźniak", "Dąbrowski", "Kozłowski", "Jankowski", "Mazur", "Kwiatkowski",
                    "Krawczyk", "Piotrowski", "Grabowski", "Nowakowski", "Pawłowski"));

    static final Map<Language, List<String>> FIRST_NAMES = Map.of(
            Language.DE, List.of("Anna", "Lukas", "Laura", "Jonas", "Julia", "Leon", "Lena", "Finn", "Sarah", "Paul",
                    "Katharina", "Felix", "Sophie", "Maximilian", "Marie", "Tobias", "Lisa", "Jan", "Hannah", "Niklas",
                    "Christina", "Florian", "Johanna", "Stefan", "Sabine", "Thomas", "Andrea", "Michael", "Claudia",
                    "Markus", "Birgit", "Matthias"),
            Language.NL, List.of("Daan", "Emma", "Sem", "Julia", "Lucas", "Tess", "Milan", "Sophie", "Levi", "Anna",
                    "Thijs", "Sanne", "Bram", "Lotte", "Ruben", "Femke", "Jeroen", "Eva", "Pieter", "Lieke", "Wouter",
                    "Marieke"),
            Language.NORDIC, List.of("Erik", "Anna", "Lars", "Maria", "Johan", "Karin", "Anders", "Sara", "Mikael",
                    "Emma", "Oskar", "Ingrid", "Mads", "Freja", "Søren", "Ida", "Henrik", "Sofie", "Mikko", "Aino",
                    "Jussi", "Elina", "Magnus", "Linnea", "Nils", "Astrid"),
            Language.EN, List.of("Oliver", "Emma", "James", "Olivia", "Jack", "Amelia", "Harry", "Sophie", "George",
                    "Charlotte", "Thomas", "Emily", "William", "Grace", "Daniel", "Hannah", "Michael", "Sarah",
                    "David", "Jessica", "Ryan", "Laura", "Sean", "Aoife", "Matthew", "Rachel", "Chris", "Megan",
                    "Priya", "Raj"),
            Language.FR, List.of("Louis", "Camille", "Lucas", "Léa", "Hugo", "Manon", "Jules", "Chloé", "Arthur",
                    "Inès", "Nathan", "Sarah", "Thomas", "Julie", "Antoine", "Claire", "Nicolas", "Élodie", "Pierre",
                    "Mathilde", "Julien", "Céline"),
            Language.ES, List.of("Alejandro", "Lucía", "Daniel", "María", "Pablo", "Paula", "Javier", "Laura",
                    "Carlos", "Marta", "David", "Elena", "Sergio", "Carmen", "Jorge", "Ana", "Álvaro", "Cristina",
                    "Miguel", "Sara"),
            Language.IT, List.of("Leonardo", "Giulia", "Francesco", "Sofia", "Alessandro", "Aurora", "Lorenzo",
                    "Chiara", "Matteo", "Francesca", "Andrea", "Martina", "Marco", "Elena", "Luca", "Valentina",
                    "Davide", "Sara", "Giuseppe", "Alessia"),
            Language.PL, List.of("Jakub", "Anna", "Piotr", "Katarzyna", "Tomasz", "Magdalena", "Michał", "Agnieszka",
                    "Krzysztof", "Joanna", "Paweł", "Monika", "Marcin", "Aleksandra", "Łukasz", "Karolina", "Kamil",
                    "Natalia"));

    /** Job families decide which job titles a company posts. */
    enum JobFamily { LOGISTICS, TECH, MANUFACTURING, CONSUMER, AGENCY, ENERGY, FINANCE }

    /** A business type and the words a company of that type puts in its name (German and English). */
    record BusinessType(String name, JobFamily family, List<String> germanWords, List<String> englishWords) {
    }

    static BusinessType type(String name, JobFamily family, List<String> german, List<String> english) {
        return new BusinessType(name, family, german, english);
    }

    static final BusinessType LOGISTICS = type("Logistics", JobFamily.LOGISTICS,
            List.of("Logistik", "Transport", "Logistics"), List.of("Logistics", "Transport"));
    static final BusinessType FREIGHT = type("Freight forwarding", JobFamily.LOGISTICS,
            List.of("Spedition", "Cargo", "Frachtkontor"), List.of("Freight", "Cargo", "Forwarding"));
    static final BusinessType COLD_CHAIN = type("Cold chain logistics", JobFamily.LOGISTICS,
            List.of("Kühllogistik", "Frischdienst"), List.of("Cold Chain", "Coolfreight"));
    static final BusinessType WAREHOUSING = type("Warehousing", JobFamily.LOGISTICS,
            List.of("Lagerlogistik", "Lagerhaus", "Distribution"), List.of("Warehousing", "Storage", "Distribution"));
    static final BusinessType SAAS = type("B2B SaaS", JobFamily.TECH,
            List.of("Software", "Cloud", "Digital"), List.of("Software", "Cloud", "Labs", "Technologies", "Systems", "AI"));
    static final BusinessType IT_SERVICES = type("IT services", JobFamily.TECH,
            List.of("Systemhaus", "IT-Service", "Informatik"), List.of("IT Solutions", "Systems", "Networks", "Digital"));
    static final BusinessType DEV_TOOLS = type("Developer tools", JobFamily.TECH,
            List.of("Dev", "Code"), List.of("Dev", "Labs", "Stack", "Code", "IO"));
    static final BusinessType CLOUD = type("Cloud infrastructure", JobFamily.TECH,
            List.of("Cloud", "Rechenzentrum"), List.of("Cloud", "Compute", "Infrastructure", "Data"));
    static final BusinessType MECHANICAL = type("Mechanical engineering", JobFamily.MANUFACTURING,
            List.of("Maschinenbau", "Anlagenbau", "Maschinenfabrik"), List.of("Engineering", "Machinery"));
    static final BusinessType METAL = type("Metal processing", JobFamily.MANUFACTURING,
            List.of("Metallbau", "Stahlbau", "Blechtechnik", "Metallverarbeitung"), List.of("Metalworks", "Steel"));
    static final BusinessType AUTOMOTIVE = type("Automotive supplier", JobFamily.MANUFACTURING,
            List.of("Fahrzeugtechnik", "Automotive", "Zulieferteile"), List.of("Automotive", "Mobility"));
    static final BusinessType PLASTICS = type("Plastics manufacturing", JobFamily.MANUFACTURING,
            List.of("Kunststofftechnik", "Kunststoffwerk"), List.of("Plastics", "Polymers"));
    static final BusinessType ELECTRONICS = type("Electronics manufacturing", JobFamily.MANUFACTURING,
            List.of("Elektronik", "Elektrotechnik"), List.of("Electronics", "Circuits"));
    static final BusinessType ECOMMERCE = type("E-commerce", JobFamily.CONSUMER,
            List.of("Versand", "Shop", "Store"), List.of("Store", "Shop", "Goods", "Direct"));
    static final BusinessType FASHION = type("Fashion retail", JobFamily.CONSUMER,
            List.of("Mode", "Fashion"), List.of("Apparel", "Fashion", "Clothing", "Wear"));
    static final BusinessType CONSUMER_GOODS = type("Consumer goods", JobFamily.CONSUMER,
            List.of("Wohnen", "Haushaltswaren"), List.of("Home", "Living", "Goods"));
    static final BusinessType FOOD = type("Food & beverage", JobFamily.CONSUMER,
            List.of("Feinkost", "Kaffeerösterei", "Getränke"), List.of("Foods", "Kitchen", "Drinks", "Coffee Roasters"));
    static final BusinessType MARKETING_AGENCY = type("Marketing agency", JobFamily.AGENCY,
            List.of("Werbeagentur", "Kommunikation"), List.of("Marketing", "Agency", "Media"));
    static final BusinessType DIGITAL_AGENCY = type("Digital agency", JobFamily.AGENCY,
            List.of("Digitalagentur", "Interactive"), List.of("Digital", "Interactive", "Studio"));
    static final BusinessType PR_AGENCY = type("PR agency", JobFamily.AGENCY,
            List.of("Kommunikation", "PR"), List.of("Communications", "PR"));
    static final BusinessType CONSULTING = type("Management consulting", JobFamily.AGENCY,
            List.of("Beratung", "Consulting", "Partner"), List.of("Consulting", "Advisory", "Partners"));
    static final BusinessType SOLAR = type("Solar energy", JobFamily.ENERGY,
            List.of("Solar", "Solartechnik"), List.of("Solar", "Photovoltaics", "Sun Energy"));
    static final BusinessType WIND = type("Wind energy", JobFamily.ENERGY,
            List.of("Windkraft", "Wind"), List.of("Wind", "Wind Power"));
    static final BusinessType ENERGY_SERVICES = type("Energy services", JobFamily.ENERGY,
            List.of("Energie", "Energietechnik"), List.of("Energy", "Power", "Renewables"));
    static final BusinessType FINTECH = type("Fintech", JobFamily.FINANCE,
            List.of("Finanz", "Pay"), List.of("Pay", "Finance", "Capital", "Money"));
    static final BusinessType INSURTECH = type("Insurtech", JobFamily.FINANCE,
            List.of("Versicherung", "Assekuranz"), List.of("Insurance", "Cover", "Assurance"));
    static final BusinessType PAYMENTS = type("Payments", JobFamily.FINANCE,
            List.of("Payments", "Pay"), List.of("Payments", "Pay"));

    /** A prospect search: what the customer looks for, where, and how good the matches tend to be. */
    record SearchTheme(String name, List<Region> regions, List<BusinessType> types, double meanScore) {
    }

    /** In order of size: the first search gets the most companies. */
    static final List<SearchTheme> SEARCH_THEMES = List.of(
            new SearchTheme("Logistics and freight companies in DACH", List.of(Region.DACH),
                    List.of(LOGISTICS, LOGISTICS, FREIGHT, WAREHOUSING, COLD_CHAIN), 6.4),
            new SearchTheme("B2B SaaS scale-ups in the Nordics and Benelux", List.of(Region.NORDICS, Region.BENELUX),
                    List.of(SAAS, SAAS, SAAS, IT_SERVICES, FINTECH), 6.8),
            new SearchTheme("Manufacturing SMEs in Germany, Austria and Switzerland", List.of(Region.DACH),
                    List.of(MECHANICAL, MECHANICAL, METAL, AUTOMOTIVE, PLASTICS, ELECTRONICS), 5.9),
            new SearchTheme("E-commerce brands in Western Europe",
                    List.of(Region.FRANCE, Region.UK_IE, Region.BENELUX, Region.DACH),
                    List.of(ECOMMERCE, ECOMMERCE, FASHION, CONSUMER_GOODS, FOOD), 6.1),
            new SearchTheme("Marketing and consulting agencies in the UK and Ireland", List.of(Region.UK_IE),
                    List.of(MARKETING_AGENCY, DIGITAL_AGENCY, PR_AGENCY, CONSULTING), 5.6),
            new SearchTheme("Renewable energy in Southern Europe", List.of(Region.IBERIA, Region.ITALY, Region.FRANCE),
                    List.of(SOLAR, SOLAR, WIND, ENERGY_SERVICES), 6.6),
            new SearchTheme("Fintech and insurtech across Europe",
                    List.of(Region.UK_IE, Region.DACH, Region.FRANCE, Region.NORDICS, Region.POLAND, Region.BENELUX),
                    List.of(FINTECH, FINTECH, PAYMENTS, INSURTECH), 7.0),
            new SearchTheme("Developer tools companies in North America", List.of(Region.NORTH_AMERICA),
                    List.of(DEV_TOOLS, DEV_TOOLS, CLOUD, SAAS), 7.3));

    /** Share of the companies each search gets (skewed: a few big searches, several small ones). */
    static final double[] SEARCH_SHARES = {0.32, 0.20, 0.14, 0.10, 0.08, 0.07, 0.05, 0.04};

    static final List<String> TITLES = List.of("CEO", "Managing Director", "Founder & CEO", "COO", "CTO", "CFO",
            "Head of Sales", "Head of Marketing", "VP Sales", "Head of Operations", "Procurement Manager",
            "IT Manager", "Marketing Manager", "Sales Director", "Business Development Manager",
            "Chief Revenue Officer", "Head of Partnerships", "Operations Manager", "Head of Purchasing",
            "Head of Digital");
    static final List<String> GERMAN_TITLES = List.of("Geschäftsführung", "Geschäftsführender Gesellschafter",
            "Leitung Einkauf", "Leitung Vertrieb", "Leitung Marketing", "Leitung IT", "Leitung Logistik", "Prokurist",
            "Inhaberin", "Key Account Management");

    static final Map<JobFamily, List<String>> JOB_TITLES = Map.of(
            JobFamily.LOGISTICS, List.of("Transport Planner", "Warehouse Operative", "Logistics Coordinator",
                    "HGV Driver", "Fleet Manager", "Customs Specialist", "Supply Chain Analyst", "Shift Supervisor"),
            JobFamily.TECH, List.of("Senior Backend Engineer", "Frontend Developer (React)", "DevOps Engineer",
                    "Data Engineer", "Product Manager", "Engineering Manager", "QA Engineer",
                    "Site Reliability Engineer", "Full Stack Developer", "Solutions Engineer", "Product Designer"),
            JobFamily.MANUFACTURING, List.of("CNC Machinist", "Production Manager", "Quality Engineer",
                    "Maintenance Technician", "Process Engineer", "Design Engineer", "Production Planner"),
            JobFamily.CONSUMER, List.of("E-commerce Manager", "Performance Marketing Manager", "Customer Service Agent",
                    "Content Creator", "Buyer", "Category Manager", "Store Manager"),
            JobFamily.AGENCY, List.of("Account Manager", "Art Director", "Copywriter", "SEO Specialist",
                    "Social Media Manager", "Senior Consultant", "Project Manager"),
            JobFamily.ENERGY, List.of("Project Developer Solar", "Electrical Engineer", "Site Manager",
                    "Energy Analyst", "Wind Turbine Technician", "Grid Connection Engineer"),
            JobFamily.FINANCE, List.of("Compliance Officer", "Risk Analyst", "Backend Engineer (Kotlin)",
                    "Product Owner Payments", "Fraud Analyst", "Data Scientist"));
    static final List<String> GENERIC_JOB_TITLES = List.of("Sales Manager", "Account Executive",
            "Customer Success Manager", "Marketing Manager", "Office Manager", "HR Business Partner",
            "Financial Controller", "Business Development Representative", "Working Student Marketing",
            "Recruiter");
    static final Map<JobFamily, List<String>> GERMAN_JOB_TITLES = Map.of(
            JobFamily.LOGISTICS, List.of("Disponent Nahverkehr", "Lagerlogistiker", "Berufskraftfahrer CE",
                    "Sachbearbeiter Zoll", "Speditionskaufmann", "Teamleiter Lager"),
            JobFamily.MANUFACTURING, List.of("Industriemechaniker", "Elektroniker für Betriebstechnik", "CNC-Fräser",
                    "Konstrukteur Maschinenbau", "Qualitätsprüfer", "Fertigungsplaner"),
            JobFamily.TECH, List.of("Softwareentwickler Java", "IT-Systemadministrator", "Werkstudent Softwareentwicklung"),
            JobFamily.CONSUMER, List.of("Verkäufer", "Mitarbeiter Kundenservice", "Online-Marketing-Manager"),
            JobFamily.AGENCY, List.of("Berater", "Projektleiter", "Mediengestalter"),
            JobFamily.ENERGY, List.of("Elektroniker Solartechnik", "Projektleiter Windenergie"),
            JobFamily.FINANCE, List.of("Sachbearbeiter Buchhaltung", "Risikomanager"));
    static final List<String> GERMAN_GENERIC_JOB_TITLES = List.of("Vertriebsmitarbeiter Innendienst", "Buchhalter",
            "Teamleiter Kundenservice", "Personalreferent", "Kaufmann für Büromanagement");

    static final List<String> PLATFORMS = List.of("linkedin", "indeed", "glassdoor", "stepstone", "company_website");
    /** Platform shares: in DACH StepStone matters, elsewhere LinkedIn and Indeed dominate. */
    static final double[] PLATFORM_SHARES_DACH = {0.30, 0.20, 0.06, 0.28, 0.16};
    static final double[] PLATFORM_SHARES_ELSEWHERE = {0.40, 0.28, 0.14, 0.03, 0.15};

    /** A technology a website scan can detect; versions empty when scanners report none. */
    record Tech(String name, String category, List<String> versions) {
    }

    static Tech tech(String name, String category, String... versions) {
        return new Tech(name, category, List.of(versions));
    }

    static final Tech WORDPRESS = tech("WordPress", "cms", "6.4.3", "6.5.5", "6.6.2", "6.7.1");
    static final Tech TYPO3 = tech("TYPO3", "cms", "11.5", "12.4", "13.4");
    static final Tech DRUPAL = tech("Drupal", "cms", "9", "10");
    static final Tech WEBFLOW = tech("Webflow", "cms");
    static final Tech CONTENTFUL = tech("Contentful", "cms");
    static final Tech AEM = tech("Adobe Experience Manager", "cms");
    static final Tech PHP = tech("PHP", "programming_language", "7.4", "8.1", "8.2", "8.3");
    static final Tech JAVA = tech("Java", "programming_language");
    static final Tech NODE = tech("Node.js", "programming_language");
    static final Tech PYTHON = tech("Python", "programming_language");
    static final Tech RUBY = tech("Ruby", "programming_language");
    static final Tech DOTNET = tech("ASP.NET", "programming_language", "4.8");
    static final Tech JQUERY = tech("jQuery", "javascript_framework", "1.12.4", "3.5.1", "3.6.0", "3.7.1");
    static final Tech REACT = tech("React", "javascript_framework", "17.0.2", "18.2.0", "18.3.1", "19.0.0");
    static final Tech NEXT = tech("Next.js", "javascript_framework", "13.5", "14.2", "15.0");
    static final Tech VUE = tech("Vue.js", "javascript_framework", "2.7.16", "3.4.21", "3.5.12");
    static final Tech NUXT = tech("Nuxt.js", "javascript_framework", "3.11");
    static final Tech ANGULAR = tech("Angular", "javascript_framework", "15", "16", "17", "18");
    static final Tech ALPINE = tech("Alpine.js", "javascript_framework", "3.13.3");
    static final Tech NGINX = tech("Nginx", "web_server", "1.18.0", "1.24.0", "1.26.1");
    static final Tech APACHE = tech("Apache HTTP Server", "web_server", "2.4.41", "2.4.57", "2.4.62");
    static final Tech IIS = tech("Microsoft IIS", "web_server", "10.0");
    static final Tech LITESPEED = tech("LiteSpeed", "web_server");
    static final Tech WOOCOMMERCE = tech("WooCommerce", "ecommerce", "8.5.2", "9.1.4", "9.3.3");
    static final Tech SHOPIFY = tech("Shopify", "ecommerce");
    static final Tech SHOPWARE = tech("Shopware", "ecommerce", "6.5", "6.6");
    static final Tech MAGENTO = tech("Magento", "ecommerce", "2.4");
    static final Tech SALESFORCE_COMMERCE = tech("Salesforce Commerce Cloud", "ecommerce");

    /** Technologies any site may carry besides its core stack, with how often they turn up. */
    record Extra(Tech tech, double share) {
    }

    static final List<Extra> EXTRAS = List.of(
            new Extra(tech("Google Analytics", "analytics", "GA4"), 0.62),
            new Extra(tech("Google Tag Manager", "tag_manager"), 0.55),
            new Extra(tech("Matomo", "analytics", "4.16", "5.1"), 0.10),
            new Extra(tech("Hotjar", "analytics"), 0.16),
            new Extra(tech("Plausible", "analytics"), 0.04),
            new Extra(tech("Adobe Analytics", "analytics"), 0.03),
            new Extra(tech("HubSpot", "marketing_automation"), 0.20),
            new Extra(tech("Mailchimp", "marketing_automation"), 0.12),
            new Extra(tech("Salesforce Pardot", "marketing_automation"), 0.05),
            new Extra(tech("Marketo", "marketing_automation"), 0.04),
            new Extra(tech("Brevo", "marketing_automation"), 0.04),
            new Extra(tech("Cloudflare", "cdn"), 0.35),
            new Extra(tech("Amazon CloudFront", "cdn"), 0.10),
            new Extra(tech("Fastly", "cdn"), 0.04),
            new Extra(tech("Akamai", "cdn"), 0.03),
            new Extra(tech("jsDelivr", "cdn"), 0.15),
            new Extra(tech("Cookiebot", "consent_management"), 0.22),
            new Extra(tech("OneTrust", "consent_management"), 0.08),
            new Extra(tech("Usercentrics", "consent_management"), 0.07),
            new Extra(tech("Bootstrap", "ui_framework", "3.4.1", "4.6.2", "5.3.3"), 0.25),
            new Extra(tech("Tailwind CSS", "ui_framework", "3.4"), 0.10),
            new Extra(tech("Font Awesome", "font_script", "5.15.4", "6.5.1"), 0.30),
            new Extra(tech("Google Fonts", "font_script"), 0.45),
            new Extra(tech("Stripe", "payment"), 0.06),
            new Extra(tech("PayPal", "payment"), 0.07),
            new Extra(tech("Klarna", "payment"), 0.04),
            new Extra(tech("Intercom", "live_chat"), 0.07),
            new Extra(tech("Zendesk", "live_chat"), 0.05),
            new Extra(tech("LinkedIn Insight Tag", "advertising"), 0.18),
            new Extra(tech("Meta Pixel", "advertising"), 0.20),
            new Extra(tech("Google Ads", "advertising"), 0.25),
            new Extra(tech("reCAPTCHA", "security"), 0.20));
}
